import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@shop/contracts/orders';
import { messages } from '../http/api-error';
import { CookieClient } from '../test-support/cookie-client';
import { editedCatalogue } from '../test-support/databases';
import { startApp, tempDir } from '../test-support/test-app';
import { ADMIN_TOKEN, delivery, orderClients, ordersAppPerSuite } from './order-clients.fixture';

const app = ordersAppPerSuite();
const { shopperWithCart, place, track, admin } = orderClients(app);

describe('operators: /admin/orders', () => {
  it('refuses requests without the token, lists orders, and moves a status along the allowed path only', async () => {
    expect((await admin('/admin/orders', { token: '' })).status).toBe(401);
    const wrong = await admin('/admin/orders', { token: 'not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: 'unauthorized', message: messages.unauthorized });

    const client = await shopperWithCart();
    const order = (await place(client)).body.order as Order;
    const received = (await admin(`/admin/orders?status=${encodeURIComponent('reçue')}`)).body.orders as Order[];
    expect(received.map((o) => o.number)).toContain(order.number);
    expect((await admin('/admin/orders?status=perdue')).status).toBe(400);
    // Operators search by number (any case, with or without the dash) or by phone (any usual spelling).
    const search = async (q: string, status?: string) =>
      ((await admin(`/admin/orders?q=${encodeURIComponent(q)}${status ? `&status=${encodeURIComponent(status)}` : ''}`)).body.orders as Order[]).map((o) => o.number);
    expect(await search(order.number.toLowerCase().replace('-', ''))).toEqual([order.number]);
    expect(await search(order.delivery.phone.replace('+212', '0').replace(/(\d\d)(?=\d)/g, '$1 '))).toContain(order.number);
    expect(await search(order.delivery.phone, 'livrée')).toEqual([]);
    expect(await search('ZZZZ-ZZZZ')).toEqual([]);
    const badSearch = await admin('/admin/orders?q=bonjour');
    expect(badSearch.status).toBe(400);
    expect(badSearch.body.error).toEqual({ code: 'validation_failed', message: messages.searchInvalid });

    const status = (value: string, number = order.number) =>
      admin(`/admin/orders/${number}/status`, { method: 'POST', json: { status: value } });
    expect((await status('livrée')).body.error).toEqual({
      code: 'invalid_transition',
      message: messages.invalidTransition('reçue', 'livrée'),
    });
    expect((await status('confirmée')).body.order.status).toBe('confirmée');
    expect((await status('expédiée')).body.order.status).toBe('expédiée');
    expect((await status('annulée')).status).toBe(409);
    expect((await status('perdue')).status).toBe(400);
    expect((await status('confirmée', 'ZZZZ-ZZZZ')).status).toBe(404);
    const tracked = await track(new CookieClient(app.url, { 'X-Forwarded-For': '192.0.2.30' }), order.number, delivery.phone);
    expect(tracked.body.order.status).toBe('expédiée');
  });

  it('searches by order number or phone in any usual spelling, with the status and page by page, and explains a bad search', async () => {
    // Its own address (the /admin rate limit counts per address) and its own phone (the suite's other orders use delivery's).
    const operator = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Forwarded-For': '192.0.2.77' };
    const get = (query: string) => new CookieClient(app.url, {}).get(`/admin/orders?${query}`, operator);
    const numbers = async (query: string) => {
      const res = await get(query);
      expect(res.status, query).toBe(200);
      return { numbers: (res.body.orders as Order[]).map((o) => o.number), next: res.body.nextCursor as string | null };
    };
    const placed: Order[] = [];
    for (let i = 0; i < 3; i += 1) placed.push((await place(await shopperWithCart(), { ...delivery, phone: '07 00 11 22 33' })).body.order as Order);
    const [first, second, third] = placed as [Order, Order, Order];
    const other = (await place(await shopperWithCart())).body.order as Order;
    expect((await admin(`/admin/orders/${second.number}/status`, { method: 'POST', json: { status: 'confirmée' } })).status).toBe(200);

    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    expect((await numbers(q(` ${first.number.toLowerCase().replace('-', ' ')} `))).numbers).toEqual([first.number]);
    expect((await numbers(q(other.number))).numbers).toEqual([other.number]);
    for (const spelling of ['07 00 11 22 33', '+212 7-00-11-22-33', '00212700112233']) {
      expect((await numbers(q(spelling))).numbers, spelling).toEqual([third.number, second.number, first.number]);
    }
    expect((await numbers(`${q('0700112233')}&status=${encodeURIComponent('confirmée')}`)).numbers).toEqual([second.number]);
    expect((await numbers(`${q(first.number)}&status=${encodeURIComponent('confirmée')}`)).numbers).toEqual([]);

    // The cursor pages the same search and status.
    const received = `${q('0700112233')}&status=${encodeURIComponent('reçue')}&limit=1`;
    const page = await numbers(received);
    expect(page.numbers).toEqual([third.number]);
    expect(await numbers(`${received}&cursor=${page.next}`)).toEqual({ numbers: [first.number], next: null });

    for (const query of [q('bonjour'), q('0612'), q(`${'0700112233'.padEnd(41, ' ')}`), `${q('0700112233')}&${q(first.number)}`]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toEqual({ code: 'validation_failed', message: messages.searchInvalid });
    }
  });

  it('is disabled, saying how to enable it, when no token is configured', async () => {
    const dir = await tempDir();
    const running = await startApp({ dataDir: dir.path });
    try {
      const res = await new CookieClient(running.url).get('/admin/orders', { Authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({ code: 'unavailable', message: messages.adminDisabled });
    } finally {
      await running.close();
      await dir.remove();
    }
  });
});

describe('prices at the moment of the order', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('a price changed in the catalogue after the product went into the cart is the price paid', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const first = await startApp({ dataDir: dir.path });
    const client = new CookieClient(first.url);
    await client.post('/api/cart/add', { productId: 'sv-001', quantity: 3 });
    await first.close();

    const repriced = editedCatalogue((products) => products.map((p) => (p.id === 'sv-001' ? { ...p, price: 199.5 } : p)));
    const second = await startApp({ dataDir: dir.path, products: repriced });
    cleanups.push(second.close);
    const order = (await place(client.withBaseUrl(second.url))).body.order as Order;
    expect(order.lines).toMatchObject([{ productId: 'sv-001', price: 199.5, quantity: 3 }]);
    expect(order.total).toBe(598.5);
  });
});
