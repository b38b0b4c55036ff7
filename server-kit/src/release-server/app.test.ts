import { request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReleaseServer } from './app';
import { SECRET, writeTestReleases, type TestReleases } from './test-releases';

const SHOP = 'http://localhost:3000';

/** A request exactly as written (fetch would normalise `..` away), for the folder-escape cases. */
function rawGet(url: string, path: string): Promise<{ status: number; body: string; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'GET', path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('release server over HTTP', () => {
  let releases: TestReleases;
  let server: Server;
  let url: string;
  const logger = { error: vi.fn() };

  beforeAll(async () => {
    releases = await writeTestReleases();
    server = createReleaseServer({ root: releases.root, allowedOrigins: [SHOP, 'https://boutique.example.ma'], logger }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await releases.remove();
  });

  it('serves several versions side by side', async () => {
    for (const version of ['1.0.0', '1.0.1']) {
      const response = await fetch(`${url}/${version}/mf-manifest.json`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ metaData: { buildInfo: { buildVersion: version } } });
    }
  });

  it('keeps a hashed file a year as immutable, compressed, and not sniffed', async () => {
    const response = await fetch(`${url}/1.0.0/static/js/remoteEntry.1a2b3c4d.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(releases.script);
  });

  it('has browsers revalidate a manifest and a harness page', async () => {
    for (const path of ['/1.0.0/mf-manifest.json', '/1.0.0/harness/', '/1.0.0/harness/index.html']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers CORS to the shop’s origins only', async () => {
    for (const origin of [SHOP, 'https://boutique.example.ma']) {
      const response = await fetch(`${url}/1.0.0/mf-manifest.json`, { headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('vary')).toMatch(/Origin/);
    }
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const response = await fetch(`${url}/1.0.0/mf-manifest.json`, { headers: { Origin: origin } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const preflight = await fetch(`${url}/1.0.0/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { Origin: SHOP, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD');
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers a missing file or version with a JSON 404', async () => {
    for (const path of ['/9.9.9/mf-manifest.json', '/1.0.0/static/js/missing.js', '/', '/1.0.0/']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
    }
    const head = await fetch(`${url}/9.9.9/mf-manifest.json`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('never serves a file outside its folder, whatever the path says', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/1.0.0/..%2f..%2fsecret.txt', '/..%5csecret.txt', '//secret.txt', '/%2e%2e%2fsecret.txt']) {
      const response = await rawGet(url, path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.body, path).not.toContain(SECRET);
      expect(JSON.parse(response.body), path).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    const malformed = await rawGet(url, '/%E0%A4%A/mf-manifest.json');
    expect(malformed.status).toBe(400);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
