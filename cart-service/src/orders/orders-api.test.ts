import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryMessages } from '@shop/contracts/delivery';
import type { Order, TrackedOrder } from '@shop/contracts/orders';
import { messages } from '../http/api-error';
import { CookieClient } from '../test-support/cookie-client';
import { catalogue } from '../test-support/test-app';
import { delivery, orderClients, ordersAppPerSuite } from './order-clients.fixture';

const app = ordersAppPerSuite();
const { shopperWithCart, place, track, admin } = orderClients(app);

describe('POST /api/orders', () => {
  it('builds the order from the cart with catalogue prices, answers a readable number, and empties the cart', async () => {
    const client = await shopperWithCart();
    const res = await place(client, { ...delivery, note: 'Sonner deux fois, 3e étage.' });
    expect(res.status).toBe(201);
    const order = res.body.order as Order;
    expect(order.number).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    expect(order.status).toBe('reçue');
    expect(order.paymentMethod).toBe('cash_on_delivery');
    const serum = catalogue().byId('sv-001')!;
    const shampoo = catalogue().byId('sh-002')!;
    expect(order.lines.map((l) => [l.productId, l.name, l.price, l.quantity])).toEqual([
      ['sv-001', serum.name, serum.price, 2],
      ['sh-002', shampoo.name, shampoo.price, 1],
    ]);
    expect(order.total).toBe(serum.price * 2 + shampoo.price);
    expect(order.delivery).toEqual({ ...delivery, phone: '+212612345678', note: 'Sonner deux fois, 3e étage.' });
    expect((await client.get('/api/cart')).body).toEqual({ cart: [] });
    expect(Object.keys(order)).not.toContain('ownerId');
  });

  it('never takes prices from the client: extra fields are refused and nothing is placed', async () => {
    const client = await shopperWithCart();
    for (const extra of [{ total: 1 }, { lines: [{ productId: 'sv-001', price: 1, quantity: 2 }] }, { price: 0.01 }]) {
      const res = await place(client, { ...delivery, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_failed', message: messages.unknownField });
    }
    expect((await client.get('/api/cart')).body.cart).toHaveLength(2);
  });

  it('shows every invalid field with its French message and places nothing', async () => {
    const client = await shopperWithCart();
    const empty = await place(client, { fullName: ' ', phone: '', city: '', address: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      fullName: deliveryMessages.fullNameMissing,
      phone: deliveryMessages.phoneMissing,
      city: deliveryMessages.cityMissing,
      address: deliveryMessages.addressMissing,
    });
    const wrong = await place(client, { ...delivery, phone: '0812345678', address: 'rue 3', note: 'x'.repeat(501) });
    expect(wrong.body.error.fields).toEqual({
      phone: deliveryMessages.phoneInvalid,
      address: deliveryMessages.addressShort,
      note: deliveryMessages.noteTooLong,
    });
    const notAString = await place(client, { ...delivery, phone: 612345678 });
    expect(notAString.body.error.fields).toEqual({ phone: deliveryMessages.phoneMissing });
    expect((await client.get('/api/cart')).body.cart).toHaveLength(2);
  });

  it('refuses line breaks in the name and city, control and bidi characters anywhere, and places nothing', async () => {
    const client = await shopperWithCart();
    const res = await place(client, {
      fullName: 'Amina\r\nBerrada',
      phone: '0612345678',
      city: 'Rabat\nSalé',
      address: '12, rue \u202Etaba\u202C, Agdal',
      note: 'Sonner\u001b[2J deux fois',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({
      fullName: deliveryMessages.lineBreak,
      city: deliveryMessages.lineBreak,
      address: deliveryMessages.invisibleChars,
      note: deliveryMessages.invisibleChars,
    });
    expect((await client.get('/api/cart')).body.cart).toHaveLength(2);
    const placed = await place(client, { ...delivery, address: '27, rue Ibnou Mounir\r\nMaârif', note: 'Sonner\r\ndeux fois' });
    expect(placed.status).toBe(201);
    expect(placed.body.order.delivery).toMatchObject({ address: '27, rue Ibnou Mounir\nMaârif', note: 'Sonner\ndeux fois' });
  });

  it('refuses a missing or malformed idempotency key, a non-JSON body and an empty cart, in French', async () => {
    const client = await shopperWithCart();
    expect((await client.post('/api/orders', delivery)).body.error).toEqual({
      code: 'validation_failed',
      message: messages.idempotencyKey,
    });
    expect((await place(client, delivery, 'short')).status).toBe(400);
    const text = await client.request('/api/orders', {
      method: 'POST',
      body: 'fullName=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': randomUUID() },
    });
    expect(text.status).toBe(415);
    const empty = await place(new CookieClient(app.url));
    expect(empty.status).toBe(409);
    expect(empty.body.error).toEqual({ code: 'cart_empty', message: messages.cartEmpty });
  });

  it('places one order for the same submit sent twice, and for five at once', async () => {
    const client = await shopperWithCart();
    const key = randomUUID();
    const first = await place(client, delivery, key);
    const again = await place(client, delivery, key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.order).toEqual(first.body.order);

    const racer = await shopperWithCart();
    const raceKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(racer, delivery, raceKey)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.order.number)).size).toBe(1);

    const listed = (await admin('/admin/orders')).body.orders as Order[];
    expect(listed.filter((o) => o.number === first.body.order.number)).toHaveLength(1);
    expect(listed.filter((o) => o.number === answers[0]!.body.order.number)).toHaveLength(1);
  });
});

describe('GET /api/orders/:number', () => {
  it('shows the order to the visitor who placed it (any spelling of the number), and to nobody else', async () => {
    const client = await shopperWithCart();
    const order = (await place(client)).body.order as Order;
    const mine = await client.get(`/api/orders/${order.number.toLowerCase().replace('-', '')}`);
    expect(mine.status).toBe(200);
    expect(mine.body.order).toEqual(order);
    expect(mine.headers.get('cache-control')).toBe('no-store');

    const stranger = await new CookieClient(app.url).get(`/api/orders/${order.number}`);
    const unknown = await new CookieClient(app.url).get('/api/orders/ZZZZ-ZZZZ');
    expect(stranger.status).toBe(404);
    expect(stranger.text).toBe(unknown.text);
    expect(unknown.body.error).toEqual({ code: 'order_not_found', message: messages.orderNotFound });
  });
});

describe('session rotation when an order is placed', () => {
  it('gives the shopper a new session that reads the order; the old cookie reads it no more; a replay from the old session moves to the new one', async () => {
    const client = await shopperWithCart();
    const before = new Map(client.cookies);
    const key = randomUUID();
    const placed = await place(client, delivery, key);
    expect(placed.status).toBe(201);
    const order = placed.body.order as Order;
    expect(placed.setCookies.some((c) => c.startsWith('shop.sid='))).toBe(true);
    const newId = client.cookies.get('shop.sid');
    expect(newId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newId).not.toBe(before.get('shop.sid'));

    expect((await client.get(`/api/orders/${order.number}`)).status).toBe(200);
    const oldSession = new CookieClient(app.url, { Origin: 'http://localhost:3000', 'X-Forwarded-For': '198.51.100.251' });
    for (const [name, value] of before) oldSession.cookies.set(name, value);
    const unknown = await new CookieClient(app.url).get('/api/orders/ZZZZ-ZZZZ');
    const withOldCookie = await oldSession.get(`/api/orders/${order.number}`);
    expect(withOldCookie.status).toBe(404);
    expect(withOldCookie.text).toBe(unknown.text);

    // A double submit still in flight from the old session: the same order, and that client joins the owner session.
    const replay = await place(oldSession, delivery, key);
    expect(replay.status).toBe(200);
    expect(replay.body.order).toEqual(order);
    expect(oldSession.cookies.get('shop.sid')).toBe(newId);
    expect((await oldSession.get(`/api/orders/${order.number}`)).status).toBe(200);
    // And from the new session too.
    const again = await place(client, delivery, key);
    expect([again.status, again.body.order]).toEqual([200, order]);
    const listed = (await admin('/admin/orders')).body.orders as Order[];
    expect(listed.filter((o) => o.number === order.number)).toHaveLength(1);
  });

  it('leaves the old session a separate, empty cart', async () => {
    const client = await shopperWithCart();
    const before = new Map(client.cookies);
    await place(client);
    const oldSession = new CookieClient(app.url);
    for (const [name, value] of before) oldSession.cookies.set(name, value);
    expect((await oldSession.get('/api/cart')).body).toEqual({ cart: [] });
    await oldSession.post('/api/cart/add', { productId: 'sc-001' });
    expect((await client.get('/api/cart')).body).toEqual({ cart: [] });
  });
});

describe('POST /api/orders/track', () => {
  it('shows the status with the right number and phone, in any usual spelling, without name or address', async () => {
    const client = await shopperWithCart();
    const order = (await place(client)).body.order as Order;
    const anyone = new CookieClient(app.url, { 'X-Forwarded-For': '192.0.2.10' });
    const res = await track(anyone, order.number.toLowerCase(), '+212 6 12 34 56 78');
    expect(res.status).toBe(200);
    const tracked = res.body.order as TrackedOrder;
    expect(tracked).toEqual({
      number: order.number,
      status: 'reçue',
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      lines: order.lines,
      total: order.total,
      city: 'Casablanca',
    });
  });

  it('answers a wrong phone exactly like an unknown number', async () => {
    const client = await shopperWithCart();
    const order = (await place(client)).body.order as Order;
    const wrongPhone = await track(new CookieClient(app.url, { 'X-Forwarded-For': '192.0.2.20' }), order.number, '0700000000');
    const unknown = await track(new CookieClient(app.url, { 'X-Forwarded-For': '192.0.2.21' }), 'ZZZZ-ZZZZ', delivery.phone);
    expect([wrongPhone.status, unknown.status]).toEqual([404, 404]);
    expect(wrongPhone.text).toBe(unknown.text);
    expect([...wrongPhone.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    expect(unknown.body.error).toEqual({ code: 'order_not_found', message: messages.orderNotFound });
    // A malformed number is a form mistake, explained (the format is public, nothing to probe).
    const malformed = await track(new CookieClient(app.url, { 'X-Forwarded-For': '192.0.2.22' }), 'O0O0', delivery.phone);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({ number: deliveryMessages.numberInvalid });
  });

  it('slows a visitor down after repeated failures, even with the right pair then, without touching others', async () => {
    const client = await shopperWithCart('203.0.113.50');
    const order = (await place(client)).body.order as Order;
    // The shell's proxy appends the real address; entries written by the client before it change nothing.
    const prober = new CookieClient(app.url, { 'X-Forwarded-For': '10.9.9.9, 203.0.113.99' });
    for (let i = 0; i < 3; i += 1) expect((await track(prober, 'ZZZZ-ZZZ' + (i + 2), delivery.phone)).status).toBe(404);
    const spoofing = new CookieClient(app.url, { 'X-Forwarded-For': `10.0.0.${Math.floor(Math.random() * 200)}, 203.0.113.99` });
    const blocked = await track(spoofing, order.number, delivery.phone);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too_many_attempts');
    expect(blocked.body.error.message).toBe(messages.tooManyAttempts(1));
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another visitor is not affected.
    expect((await track(new CookieClient(app.url, { 'X-Forwarded-For': '203.0.113.100' }), order.number, delivery.phone)).status).toBe(200);
  });
});
