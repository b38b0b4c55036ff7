import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrdersResponse, Order } from '@shop/contracts/orders';
import type { Product } from '@shop/contracts/products';
import type { AdminStockResponse } from '@shop/contracts/stock';
import { CookieClient } from '../test-support/cookie-client';
import { newPostgresDatabase } from '../test-support/databases';
import { catalogue, embeddedAppPerSuite, openTestStore, startApp, type RunningApp } from '../test-support/test-app';

const ADMIN_TOKEN = 'stock-operators-token-0123456789-abcdefghij';
const delivery = { fullName: 'Khadija Alaoui', phone: '0661234567', city: 'Marrakech', address: '14, derb Dabachi, Médina' };
const serum = () => catalogue().byId('sv-001')!;

function operator(url: string) {
  const client = new CookieClient(url, {});
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  return {
    setStock: (productId: string, onHand: unknown) => client.request(`/admin/stock/${productId}`, { method: 'PUT', json: { onHand }, headers: auth }),
    adjust: (productId: string, delta: unknown) => client.request(`/admin/stock/${productId}/adjust`, { method: 'POST', json: { delta }, headers: auth }),
    stock: () => client.request('/admin/stock', { headers: auth }),
    orders: (query = '') => client.request(`/admin/orders${query}`, { headers: auth }),
    status: (number: string, status: string) => client.request(`/admin/orders/${number}/status`, { method: 'POST', json: { status }, headers: auth }),
  };
}

async function shopper(url: string, lines: Array<[string, number]>) {
  const client = new CookieClient(url);
  for (const [productId, quantity] of lines) expect((await client.post('/api/cart/add', { productId, quantity })).status).toBe(200);
  return client;
}

const order = (client: CookieClient, body: unknown = delivery, key: string = randomUUID()) =>
  client.post('/api/orders', body, { 'Idempotency-Key': key });

describe('stock on the embedded database', () => {
  const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });

  it('shows availability in the catalogue as operators count and adjust stock', async () => {
    const ops = operator(app.url);
    const availability = async () => ((await new CookieClient(app.url).get('/api/products/sv-001')).body.product as Product).availability;
    expect((await ops.setStock('sv-001', 0)).body.stock).toMatchObject({ productId: 'sv-001', onHand: 0, availability: { status: 'out-of-stock' } });
    expect(await availability()).toEqual({ status: 'out-of-stock' });
    expect((await ops.adjust('sv-001', 4)).body.stock).toMatchObject({ onHand: 4, availability: { status: 'low-stock', left: 4 } });
    expect(await availability()).toEqual({ status: 'low-stock', left: 4 });
    expect((await ops.adjust('sv-001', 20)).status).toBe(200);
    expect(await availability()).toEqual({ status: 'in-stock' });
    const refused = await ops.adjust('sv-001', -25);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'out_of_stock']);
    expect(refused.body.error.message).toBe(`Le stock de « ${serum().name} » ne peut pas devenir négatif : il en reste 24.`);
    const listed = (await ops.stock()).body as AdminStockResponse;
    expect(listed.stock.map((s) => s.productId)).toEqual(catalogue().products.map((p) => p.id));
    expect(listed.stock.find((s) => s.productId === 'sv-001')?.onHand).toBe(24);
  });

  it('refuses bad stock input with a clear 4xx and changes nothing', async () => {
    const ops = operator(app.url);
    await ops.setStock('sv-002', 7);
    for (const bad of [-1, 1.5, '3', null, 2_000_000]) {
      const res = await ops.setStock('sv-002', bad);
      expect([res.status, res.body.error]).toEqual([400, { code: 'validation_failed', message: 'La quantité en stock doit être un nombre entier entre 0 et 1 000 000.' }]);
    }
    expect((await ops.adjust('sv-002', 0)).body.error).toEqual({
      code: 'validation_failed',
      message: 'La variation de stock doit être un nombre entier non nul entre -1 000 000 et 1 000 000.',
    });
    expect((await ops.setStock('nope-404', 3)).status).toBe(404);
    expect((await new CookieClient(app.url, {}).request('/admin/stock/sv-002', { method: 'PUT', json: { onHand: 1 } })).status).toBe(401);
    expect(((await ops.stock()).body as AdminStockResponse).stock.find((s) => s.productId === 'sv-002')?.onHand).toBe(7);
  });

  it('refuses an add beyond stock (409, French, naming the product) and an order beyond stock, writing nothing', async () => {
    const ops = operator(app.url);
    await ops.setStock('sv-003', 2);
    const client = await shopper(app.url, [['sv-003', 2]]);
    const name = catalogue().byId('sv-003')!.name;
    const add = await client.post('/api/cart/add', { productId: 'sv-003' });
    expect([add.status, add.body.error]).toEqual([409, { code: 'out_of_stock', message: `Il ne reste que 2 exemplaires de « ${name} » en stock.` }]);

    await ops.setStock('sv-003', 1); // another shopper bought one meanwhile
    const refused = await order(client);
    expect([refused.status, refused.body.error]).toEqual([
      409,
      { code: 'out_of_stock', message: `Il ne reste que 1 exemplaire de « ${name} » : réduisez la quantité dans votre panier pour valider la commande.` },
    ]);
    expect((await client.get('/api/cart')).body.cart).toMatchObject([{ productId: 'sv-003', quantity: 2 }]);
    await ops.setStock('sv-003', 0);
    expect((await order(client)).body.error.message).toBe(`« ${name} » est en rupture de stock : retirez-le de votre panier pour valider la commande.`);
    await ops.setStock('sv-003', 2);
    const placed = await order(client);
    expect(placed.status).toBe(201);
    expect(((await ops.stock()).body as AdminStockResponse).stock.find((s) => s.productId === 'sv-003')?.onHand).toBe(0);
    // Cancelling returns its units.
    expect((await ops.status((placed.body.order as Order).number, 'annulée')).status).toBe(200);
    expect(((await ops.stock()).body as AdminStockResponse).stock.find((s) => s.productId === 'sv-003')?.onHand).toBe(2);
  });

  it('says a product is out of stock in Arabic, naming it in Arabic, with the same code', async () => {
    const ops = operator(app.url);
    await ops.setStock('sv-005', 3);
    const client = await shopper(app.url, [['sv-005', 3]]);
    const name = catalogue().in('ar-MA').byId('sv-005')!.name;
    const add = await client.post('/api/cart/add?lang=ar-MA', { productId: 'sv-005' });
    expect([add.status, add.body.error]).toEqual([409, { code: 'out_of_stock', message: `لم يتبقَّ من « ${name} » في المخزون سوى 3 وحدات.` }]);
    await ops.setStock('sv-005', 2);
    const refused = await client.post('/api/orders?lang=ar-MA', delivery, { 'Idempotency-Key': randomUUID() });
    expect(refused.body.error).toEqual({ code: 'out_of_stock', message: `لم يتبقَّ من « ${name} » سوى وحدتين: قلّل الكمية في سلتك لتأكيد الطلب.` });
    await ops.setStock('sv-005', 0);
    const none = await client.post('/api/orders', delivery, { 'Idempotency-Key': randomUUID(), 'Accept-Language': 'ar' });
    expect(none.body.error.message).toBe(`« ${name} » نفد من المخزون: احذفه من سلتك لتأكيد الطلب.`);
    // Operators may ask for Arabic too.
    const below = await new CookieClient(app.url, {}).request('/admin/stock/sv-005/adjust?lang=ar-MA', {
      method: 'POST',
      json: { delta: -1 },
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(below.body.error).toEqual({ code: 'out_of_stock', message: `لا يمكن أن يصبح مخزون « ${name} » سالبًا: المتبقي منه 0.` });
    const denied = await new CookieClient(app.url, {}).request('/admin/stock?lang=ar-MA', { headers: { Authorization: 'Bearer wrong' } });
    expect(denied.body.error).toEqual({ code: 'unauthorized', message: 'المصادقة مطلوبة: رمز المسؤول مفقود أو غير صالح.' });
  });

  it('replays the committed order for the same key and body (however the phone is written), and answers 422 for another body', async () => {
    const client = await shopper(app.url, [['sv-004', 1]]);
    const key = randomUUID();
    const first = await order(client, delivery, key);
    expect(first.status).toBe(201);
    const again = await order(client, { ...delivery, phone: '+212 6 61 23 45 67', city: '  Marrakech ' }, key);
    expect([again.status, again.body.order.number]).toEqual([200, first.body.order.number]);
    const other = await order(client, { ...delivery, address: '3, rue de la Liberté, Guéliz' }, key);
    expect([other.status, other.body.error]).toEqual([
      422,
      { code: 'idempotency_key_reused', message: 'Cette commande a déjà été envoyée avec d’autres informations de livraison. Rechargez la page pour vérifier votre commande avant de réessayer.' },
    ]);
    expect(((await operator(app.url).orders('?limit=100')).body as AdminOrdersResponse).orders.filter((o) => o.number === first.body.order.number)).toHaveLength(1);
  });

  it('pages the operators\' order list (at most 100 per page) with a status filter, and refuses bad paging', async () => {
    const ops = operator(app.url);
    for (let i = 0; i < 3; i += 1) expect((await order(await shopper(app.url, [['sh-001', 1]]))).status).toBe(201);
    const first = (await ops.orders('?limit=2')).body as AdminOrdersResponse;
    expect(first.orders).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await ops.orders(`?limit=2&cursor=${first.nextCursor}`)).body as AdminOrdersResponse;
    expect(Date.parse(second.orders[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(first.orders[1]!.createdAt));
    expect(second.orders.map((o) => o.number)).not.toContain(first.orders[1]!.number);
    const all = (await ops.orders('?limit=100')).body as AdminOrdersResponse;
    expect(all.orders.every((o, i) => i === 0 || Date.parse(all.orders[i - 1]!.createdAt) >= Date.parse(o.createdAt))).toBe(true);
    const cancelled = (await ops.orders('?status=annul%C3%A9e')).body as AdminOrdersResponse;
    expect(cancelled.orders.every((o) => o.status === 'annulée')).toBe(true);
    for (const bad of ['?limit=0', '?limit=101', '?limit=abc', '?cursor=%%%', '?cursor=bm9wZQ']) {
      const res = await ops.orders(bad);
      expect([bad, res.status, res.body.error.code]).toEqual([bad, 400, 'validation_failed']);
    }
  });
});

describe('no overselling: two cart-service instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof newPostgresDatabase>>;
  let a: RunningApp;
  let b: RunningApp;
  beforeAll(async () => {
    database = await newPostgresDatabase();
    a = await startApp({ store: await openTestStore({ databaseUrl: database.url }), adminToken: ADMIN_TOKEN });
    b = await startApp({ store: await openTestStore({ databaseUrl: database.url }), adminToken: ADMIN_TOKEN });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('10 units left, 100 concurrent orders of 1: exactly 10 placed, 90 told it is out of stock, stock ends at 0; a cancellation returns 1', { timeout: 60_000 }, async () => {
    expect((await operator(a.url).setStock('pk-002', 10)).status).toBe(200);
    const shoppers = await Promise.all(Array.from({ length: 100 }, (_, i) => shopper(i % 2 ? a.url : b.url, [['pk-002', 1]])));
    const answers = await Promise.all(shoppers.map((client) => order(client)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    const name = catalogue().byId('pk-002')!.name;
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.body.error).toEqual({ code: 'out_of_stock', message: `« ${name} » est en rupture de stock : retirez-le de votre panier pour valider la commande.` });
    }
    const level = async (url: string) => ((await operator(url).stock()).body as AdminStockResponse).stock.find((s) => s.productId === 'pk-002')!.onHand;
    expect([await level(a.url), await level(b.url)]).toEqual([0, 0]);
    const placed = answers.find((r) => r.status === 201)!.body.order as Order;
    expect((await operator(b.url).status(placed.number, 'annulée')).status).toBe(200);
    expect(await level(a.url)).toBe(1);
  });
});
