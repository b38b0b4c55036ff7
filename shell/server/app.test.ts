import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen, startShell, urlOf, type ShellFixture } from './test-support/shell-fixture';

describe('shell server', () => {
  let upstream: Server;
  let shell: ShellFixture;
  let base: string;
  const seenByUpstream: { url: string; forwardedProto?: string; cookie?: string }[] = [];

  beforeAll(async () => {
    const api = new Koa();
    api.use(async (ctx) => {
      seenByUpstream.push({ url: ctx.url, forwardedProto: ctx.get('X-Forwarded-Proto'), cookie: ctx.get('Cookie') });
      ctx.set('Set-Cookie', 'shop.sid=abc; path=/; httponly; samesite=lax');
      ctx.body = { cart: [], url: ctx.url };
    });
    upstream = await listen(api);
    shell = await startShell({ cartServiceUrl: urlOf(upstream) });
    base = shell.url;
  });

  afterAll(async () => {
    await shell?.close();
    await closeServer(upstream);
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
    const down = await startShell({ cartServiceUrl: 'http://127.0.0.1:9' });
    try {
      const response = await fetch(`${down.url}/api/cart`);
      expect(response.status).toBe(502);
      const body = await response.json();
      expect(body.error.code).toBe('unavailable');
      expect(body.error.message).toMatch(/indisponible/);
    } finally {
      await down.close();
    }
  });
});
