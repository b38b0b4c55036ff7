import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from './app';
import { RemotesConfigFile } from './remotes-config-file';

const listen = (app: Koa) =>
  new Promise<Server>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('shell server', () => {
  let dir: string;
  let upstream: Server;
  let shell: Server;
  let remotes: RemotesConfigFile;
  let base: string;
  const seenByUpstream: { url: string; forwardedProto?: string; cookie?: string }[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shell-server-'));
    await mkdir(join(dir, 'dist/static/js'), { recursive: true });
    await writeFile(join(dir, 'dist/index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    await writeFile(join(dir, 'dist/static/js/index.abc123.js'), 'console.log("shop");'.repeat(200));
    await writeFile(
      join(dir, 'remotes.json'),
      JSON.stringify({
        remotes: [
          { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
          { name: 'mf_cart', entry: 'http://localhost:3002/1.0.0/mf-manifest.json' },
          { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
        ],
      }),
    );

    const api = new Koa();
    api.use(async (ctx) => {
      seenByUpstream.push({ url: ctx.url, forwardedProto: ctx.get('X-Forwarded-Proto'), cookie: ctx.get('Cookie') });
      ctx.set('Set-Cookie', 'shop.sid=abc; path=/; httponly; samesite=lax');
      ctx.body = { cart: [], url: ctx.url };
    });
    upstream = await listen(api);

    remotes = await RemotesConfigFile.open(join(dir, 'remotes.json'), { info: () => {}, error: () => {} });
    shell = await listen(
      await createShellServer({ distDir: join(dir, 'dist'), cartServiceUrl: urlOf(upstream), remotes }),
    );
    base = urlOf(shell);
  });

  afterAll(async () => {
    remotes.close();
    shell.closeAllConnections();
    upstream.closeAllConnections();
    await new Promise((r) => shell.close(r));
    await new Promise((r) => upstream.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  it('serves /remotes.json from the operators’ file, never cached', async () => {
    const response = await fetch(`${base}/remotes.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.json()).remotes).toHaveLength(3);
  });

  it('answers a known route with the app and 200, an unknown one with the app and 404', async () => {
    const known = await fetch(`${base}/shop/face`);
    expect(known.status).toBe(200);
    expect(known.headers.get('cache-control')).toBe('no-cache');
    expect(await known.text()).toContain('<div id="root">');

    const unknown = await fetch(`${base}/shop/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<div id="root">');
  });

  it('serves an order’s confirmation page with 200 (the page itself asks cart-service whose order it is)', async () => {
    expect((await fetch(`${base}/shop/order/K7M2-Q9XP`)).status).toBe(200);
    expect((await fetch(`${base}/shop/order`)).status).toBe(404);
  });

  it('caches hashed assets for a year as immutable, compressed', async () => {
    const response = await fetch(`${base}/static/js/index.abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('proxies /api and /images to cart-service with the cookie and forwarded headers, and passes its cookie back', async () => {
    const response = await fetch(`${base}/api/cart?x=1`, { headers: { Cookie: 'shop.sid=abc' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cart: [], url: '/api/cart?x=1' });
    expect(response.headers.get('set-cookie')).toMatch(/httponly/i);
    expect(seenByUpstream.at(-1)).toMatchObject({ url: '/api/cart?x=1', forwardedProto: 'http', cookie: 'shop.sid=abc' });

    const image = await fetch(`${base}/images/products/a.svg`);
    expect(image.status).toBe(200);
    expect(seenByUpstream.at(-1)?.url).toBe('/images/products/a.svg');
  });

  it('sets baseline security headers', async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers 502 with a French JSON error when cart-service is down', async () => {
    const down = await listen(
      await createShellServer({ distDir: join(dir, 'dist'), cartServiceUrl: 'http://127.0.0.1:9', remotes }),
    );
    try {
      const response = await fetch(`${urlOf(down)}/api/cart`);
      expect(response.status).toBe(502);
      const body = await response.json();
      expect(body.error.code).toBe('unavailable');
      expect(body.error.message).toMatch(/indisponible/);
    } finally {
      down.closeAllConnections();
      await new Promise((r) => down.close(r));
    }
  });
});
