import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseListing } from '@shop/contracts/operations';
import { createReleaseServer } from './app';
import { listReleases } from './release-listing';
import { writeTestReleases, type TestReleases } from './test-releases';

const SHOP = 'http://localhost:3000';

async function listen(root: string): Promise<{ server: Server; url: string }> {
  const server = createReleaseServer({ root, allowedOrigins: [SHOP] }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function writeManifest(root: string, version: string, at: string, text = '{}'): Promise<void> {
  await mkdir(join(root, version), { recursive: true });
  await writeFile(join(root, version, 'mf-manifest.json'), text);
  await utimes(join(root, version, 'mf-manifest.json'), new Date(at), new Date(at));
}

describe('GET /releases.json', () => {
  let releases: TestReleases;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    releases = await writeTestReleases();
    const { root } = releases;
    // 1.0.1 built after 1.0.0; a folder without a manifest, a malformed manifest and the root's own are not releases.
    await utimes(join(root, '1.0.0', 'mf-manifest.json'), new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T10:00:00Z'));
    await utimes(join(root, '1.0.1', 'mf-manifest.json'), new Date('2026-11-20T10:00:00Z'), new Date('2026-11-20T10:00:00Z'));
    await mkdir(join(root, 'harness'), { recursive: true });
    await writeFile(join(root, 'harness', 'index.html'), '<!doctype html>');
    await mkdir(join(root, 'static', 'js'), { recursive: true });
    await mkdir(join(root, 'empty'), { recursive: true });
    await writeManifest(root, '2.0.0-broken', '2026-11-24T10:00:00Z', '{ not json');
    await writeFile(join(root, 'mf-manifest.json'), '{}');
    ({ server, url } = await listen(root));
  });
  afterAll(async () => {
    await close(server);
    await releases.remove();
  });

  it('lists the releases served, newest build first, with manifests this server answers', async () => {
    const response = await fetch(`${url}/releases.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const listing = (await response.json()) as ReleaseListing;
    expect(listing).toEqual({
      releases: [
        { version: '1.0.1', manifest: '/1.0.1/mf-manifest.json', builtAt: '2026-11-20T10:00:00.000Z' },
        { version: '1.0.0', manifest: '/1.0.0/mf-manifest.json', builtAt: '2026-11-01T10:00:00.000Z' },
      ],
    });
    for (const release of listing.releases) {
      const manifest = await fetch(new URL(release.manifest, `${url}/releases.json`));
      expect(manifest.status, release.manifest).toBe(200);
      expect(await manifest.json()).toEqual({ metaData: { buildInfo: { buildVersion: release.version } } });
    }
  });

  it('answers HEAD, and CORS to the shop’s origins only', async () => {
    const head = await fetch(`${url}/releases.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
    const shop = await fetch(`${url}/releases.json`, { headers: { Origin: SHOP } });
    expect(shop.headers.get('access-control-allow-origin')).toBe(SHOP);
    const other = await fetch(`${url}/releases.json`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('shows a new release at once, and answers an empty list when the folder is missing', async () => {
    await writeManifest(releases.root, '1.0.2', '2026-11-25T10:00:00Z');
    const listing = (await (await fetch(`${url}/releases.json`)).json()) as ReleaseListing;
    expect(listing.releases.map((r) => r.version)).toEqual(['1.0.2', '1.0.1', '1.0.0']);

    const empty = await listen(join(releases.root, 'missing'));
    try {
      const answer = await fetch(`${empty.url}/releases.json`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ releases: [] });
    } finally {
      await close(empty.server);
    }
  });
});

describe('listReleases', () => {
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'release-listing-'));
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('breaks a tie of build times by version, highest first, numbers compared as numbers', async () => {
    const root = join(base, 'ties');
    for (const version of ['1.0.9', '1.0.10', '1.0.2']) await writeManifest(root, version, '2026-11-20T10:00:00Z');
    expect((await listReleases(root)).releases.map((r) => r.version)).toEqual(['1.0.10', '1.0.9', '1.0.2']);
  });

  it('keeps only folders whose name is a plain path segment, and no file named like a version', async () => {
    const root = join(base, 'names');
    for (const version of ['.hidden', 'v 1', 'é-1', '2.0.0_rc~1']) await writeManifest(root, version, '2026-11-20T10:00:00Z');
    await writeFile(join(root, '3.0.0'), '{}');
    await mkdir(join(root, '4.0.0', 'mf-manifest.json'), { recursive: true }); // a folder where the manifest should be
    expect(await listReleases(root)).toEqual({
      releases: [{ version: '2.0.0_rc~1', manifest: '/2.0.0_rc~1/mf-manifest.json', builtAt: '2026-11-20T10:00:00.000Z' }],
    });
  });

  it('answers an empty list when the root is missing or is a file', async () => {
    expect(await listReleases(join(base, 'nowhere'))).toEqual({ releases: [] });
    await writeFile(join(base, 'a-file'), '');
    expect(await listReleases(join(base, 'a-file'))).toEqual({ releases: [] });
  });
});
