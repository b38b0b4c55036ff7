import { createServer, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MERCHANDISING_MESSAGES, type MerchandisedProduct } from '@shop/contracts/merchandising';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { closeServer, urlOf } from '@shop/server-kit/listening-server';
import { serverOnReleaseHostsForFile } from '../../test-support/for-file';
import { startReleaseControlServer } from '../../test-support/release-control-server';

const ADMIN_TOKEN = 'jeton-admin-de-test-0123456789abcdef';

/** What cart-service was asked, and what it answers next (a 200 `{seen: true}` unless a test says otherwise). */
interface Asked {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for cart-service's /admin API that records every request and answers what the test scripted. */
async function startRecordingCartService() {
  const asked: Asked[] = [];
  let next: { status: number; body: unknown } = { status: 200, body: { seen: true } };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      asked.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(next.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: urlOf(server),
    asked,
    answer(status: number, body: unknown) {
      next = { status, body };
    },
    close: () => closeServer(server),
  };
}

let cartService: Awaited<ReturnType<typeof startRecordingCartService>> | undefined;
const fixture = serverOnReleaseHostsForFile('catalogue routes', async (releases) => {
  cartService = await startRecordingCartService();
  const server = await startReleaseControlServer({ releases, cartService: { url: cartService.url, adminToken: ADMIN_TOKEN } });
  return { ...server, close: async () => (await server.close(), await cartService?.close()) };
});
const cart = () => cartService!;

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${fixture.server.url}/operations/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${fixture.server.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const lastAsked = () => cart().asked.at(-1)!;

describe('the console’s catalogue, through to cart-service’s /admin API', () => {
  it('lists with the allowed query parameters only, with the admin token, the operator and their address', async () => {
    cart().answer(200, { products: [], total: 0, nextCursor: null });
    const answer = await call('GET', '/catalogue/products?q=argan&archived=true&cursor=abc&limit=10&sort=nom&token=x');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ products: [], total: 0, nextCursor: null });
    const asked = lastAsked();
    expect(asked).toMatchObject({ method: 'GET', url: '/admin/products?q=argan&archived=true&cursor=abc&limit=10' });
    expect(asked.headers).toMatchObject({ authorization: `Bearer ${ADMIN_TOKEN}`, 'x-operator': 'amina', 'x-forwarded-for': '127.0.0.1' });
  });

  it('sends a write’s body on as it was read, and passes the answer on, status and extra fields included', async () => {
    const edit = { slug: 'huile-argan', category: 'face', price: 120, promotion: null, texts: { 'fr-MA': { name: 'Huile', description: 'Une huile d’argan pure.' }, 'ar-MA': { name: 'زيت', description: 'زيت أركان خالص من المغرب.' } }, version: 3 };
    const stale = { error: { code: 'stale_version', message: MERCHANDISING_MESSAGES.staleVersion }, current: { id: 'huile-argan', version: 4 } as Partial<MerchandisedProduct> };
    cart().answer(409, stale);
    const answer = await call('PUT', '/catalogue/products/huile-argan', edit);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual(stale);
    expect(lastAsked()).toMatchObject({ method: 'PUT', url: '/admin/products/huile-argan' });
    expect(JSON.parse(lastAsked().body)).toEqual(edit);
    expect(lastAsked().headers).toMatchObject({ 'content-type': 'application/json', 'x-operator': 'amina' });

    cart().answer(201, { product: { id: 'nouveau', version: 1 } });
    const created = await call('POST', '/catalogue/products', { slug: 'nouveau', initialStock: 5 });
    expect(created.status).toBe(201);
    expect(lastAsked()).toMatchObject({ method: 'POST', url: '/admin/products', body: JSON.stringify({ slug: 'nouveau', initialStock: 5 }) });
  });

  it('archive, restore, stock and the audit logs reach their own routes', async () => {
    cart().answer(200, { seen: true });
    for (const action of ['archive', 'restore', 'stock']) {
      expect((await call('POST', `/catalogue/products/savon-noir/${action}`, { version: 2 })).status).toBe(200);
      expect(lastAsked()).toMatchObject({ method: 'POST', url: `/admin/products/savon-noir/${action}`, body: '{"version":2}' });
    }
    await call('GET', '/catalogue/products/savon-noir');
    expect(lastAsked().url).toBe('/admin/products/savon-noir');
    await call('GET', '/catalogue/products/savon-noir/audit?cursor=c2&q=no');
    expect(lastAsked().url).toBe('/admin/products/savon-noir/audit?cursor=c2');
    await call('GET', '/catalogue/audit?cursor=c3');
    expect(lastAsked().url).toBe('/admin/catalogue/audit?cursor=c3');
  });

  it('refuses an id that is no product key without asking cart-service', async () => {
    const before = cart().asked.length;
    for (const id of ['Savon', 'a%2F..%2Fb', '-x', 'x'.repeat(65)]) {
      const answer = await call('GET', `/catalogue/products/${id}`);
      expect(answer.status).toBe(404);
      expect((await answer.json()).error).toEqual({ code: 'product_not_found', message: MERCHANDISING_MESSAGES.productNotFound });
    }
    expect(cart().asked.length).toBe(before);
  });

  it('a body that is not JSON is refused here', async () => {
    const before = cart().asked.length;
    const answer = await fetch(`${fixture.server.url}/operations/api/catalogue/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fixture.server.token}`, 'Content-Type': 'application/json' },
      body: '{pas du json',
    });
    expect(answer.status).toBe(400);
    expect(cart().asked.length).toBe(before);
  });

  it('the orders go through the same plumbing', async () => {
    cart().answer(200, { orders: [], nextCursor: null });
    expect((await call('GET', '/orders?status=reçue&evil=1')).status).toBe(200);
    expect(lastAsked()).toMatchObject({ url: `/admin/orders?status=${encodeURIComponent('reçue')}` });
    expect(lastAsked().headers.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('without an answer from cart-service: 503 in French', async () => {
    await cart().close();
    const answer = await call('GET', '/catalogue/products');
    expect(answer.status).toBe(503);
    expect((await answer.json()).error).toEqual({ code: 'catalogue_unavailable', message: OPERATIONS_MESSAGES.catalogueUnavailable });
  });
});
