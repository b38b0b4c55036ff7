import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { capturingLogger, embeddedAppPerSuite } from '../test-support/test-app';

const log = capturingLogger();
const { app } = embeddedAppPerSuite({ logger: log.logger });

const FORBIDDEN = { error: { code: 'forbidden_origin', message: 'Requête refusée : origine non autorisée.' } };

describe('origin check on changes', () => {
  it.each([
    ['another site', 'https://evil.example'],
    ['the shop on another port', 'http://localhost:3001'],
    ['the shop over https', 'https://localhost:3000'],
    ['an opaque origin', 'null'],
  ])('refuses a POST from %s with 403, changing nothing', async (_label, origin) => {
    const client = new CookieClient(app.url);
    await client.post('/api/cart/add', { productId: 'sv-001' });
    for (const path of ['/api/cart/add', '/api/cart/update', '/api/cart/remove', '/api/newsletter']) {
      const res = await client.post(path, { productId: 'sv-001', quantity: 5 }, { Origin: origin });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect((await client.get('/api/cart')).body.cart).toMatchObject([{ productId: 'sv-001', quantity: 1 }]);
  });

  it('accepts the shop origin, and requests without Origin (curl, server-to-server)', async () => {
    const client = new CookieClient(app.url, {});
    expect((await client.post('/api/cart/add', { productId: 'sv-001' })).status).toBe(200);
    expect((await client.post('/api/cart/add', { productId: 'sv-001' }, { Origin: 'http://localhost:3000' })).status).toBe(200);
  });

  it('refuses a browser request marked Sec-Fetch-Site: cross-site', async () => {
    const client = new CookieClient(app.url, {});
    const res = await client.post('/api/cart/add', { productId: 'sv-001' }, { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await client.post('/api/cart/add', { productId: 'sv-001' }, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });

  it('never sends CORS headers, even to a preflight', async () => {
    const preflight = await fetch(`${app.url}/api/cart/add`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const get = await fetch(`${app.url}/api/cart`, { headers: { Origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('methods and paths', () => {
  it.each([
    ['GET', '/api/cart/add', 'POST'],
    ['GET', '/api/cart/update', 'POST'],
    ['GET', '/api/cart/remove', 'POST'],
    ['GET', '/api/newsletter', 'POST'],
    ['DELETE', '/api/cart', 'GET, HEAD'],
    ['PUT', '/api/cart/add', 'POST'],
    ['PATCH', '/api/products', 'GET, HEAD'],
    ['POST', '/healthz', 'GET, HEAD'],
    ['PROPFIND', '/api/cart', 'GET, HEAD'],
    ['PROPFIND', '/api/cart/add', 'POST'],
  ])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const res = await new CookieClient(app.url).request(path, { method, json: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.body).toEqual({ error: { code: 'method_not_allowed', message: 'Méthode non autorisée pour cette adresse.' } });
  });

  it.each(['/api/carts', '/api/cart/add/extra', '/api', '/', '/admin', '/api/products/sv-001/reviews', '/.env', '/api/cart/', '/API/cart'])(
    'answers 404 JSON for %s',
    async (path) => {
      const res = await new CookieClient(app.url).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
    },
  );

  it('answers 404 to an unknown method on an unknown path', async () => {
    const res = await fetch(`${app.url}/nope`, { method: 'PROPFIND' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
  });

  it('sends nosniff on every answer', async () => {
    for (const path of ['/api/cart', '/api/products', '/nope', '/healthz']) {
      expect((await fetch(app.url + path)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('request log', () => {
  it('writes one structured line per request, without cookies or session ids', async () => {
    const client = new CookieClient(app.url);
    await client.post('/api/cart/add', { productId: 'sv-003' });
    const sessionId = client.cookies.get('shop.sid') ?? '';
    const signature = client.cookies.get('shop.sid.sig') ?? '';
    expect(sessionId).not.toBe('');
    const before = log.lines.length;
    await client.post('/api/cart/add', { productId: 'sv-002', quantity: 2 });
    await client.get('/api/cart?debug=1', { 'X-Request-Id': 'proxy-abc-123' });
    await client.post('/api/cart/add', 'oops');
    const lines = log.lines.slice(before);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'POST', path: '/api/cart/add', status: 200 });
    expect(lines[1]).toMatchObject({ method: 'GET', path: '/api/cart', status: 200, reqId: 'proxy-abc-123' });
    expect(lines[2]).toMatchObject({ status: 400 });
    for (const line of lines) {
      expect(typeof line.ms).toBe('number');
      expect(Object.keys(line).sort()).toEqual(['bytes', 'level', 'method', 'ms', 'msg', 'path', 'pid', 'hostname', 'reqId', 'status', 'time'].sort());
    }
    const text = log.raw.join('\n');
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain(signature);
    expect(text).not.toMatch(/shop\.sid|cookie/i);
  });
});

describe('OPTIONS', () => {
  it('answers 405 with Allow on a known path (no CORS preflight is ever granted)', async () => {
    const res = await fetch(`${app.url}/api/cart/update`, { method: 'OPTIONS' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
