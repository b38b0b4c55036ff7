import { afterEach, describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/contracts/cart';
import { deliveryMessages, deliveryMessagesIn } from '@shop/contracts/delivery';
import type { Order, TrackedOrder } from '@shop/contracts/orders';
import { messages, messagesIn } from '../http/api-error';
import { CookieClient } from '../test-support/cookie-client';
import { editedCatalogue } from '../test-support/databases';
import { catalogue, startApp, tempDir } from '../test-support/test-app';
import { delivery, orderClients, ordersAppPerSuite } from './order-clients.fixture';

// A shopper's answers in the language asked for (`?lang=ar-MA`, else Accept-Language), the codes the same in every
// language; French stays the default. (The catalogue's own answers: catalogue/products-api.test.ts.)
const app = ordersAppPerSuite();
const { shopperWithCart, place, track, admin } = orderClients(app);

const ar = messagesIn['ar-MA'];
const arDelivery = deliveryMessagesIn['ar-MA'];
const arabicName = (id: string) => catalogue().in('ar-MA').byId(id)!.name;
const frenchName = (id: string) => catalogue().byId(id)!.name;
const names = (lines: readonly CartItem[]) => lines.map((line) => [line.productId, line.name]);
const ARABIC = { 'Accept-Language': 'ar-MA,ar;q=0.9,fr;q=0.5' };

describe('the cart in Arabic', () => {
  it('names its lines in the language asked for, the same lines, prices and quantities', async () => {
    const client = await shopperWithCart();
    const french = await client.get('/api/cart');
    const arabic = await client.get('/api/cart?lang=ar-MA');
    expect(names(arabic.body.cart)).toEqual([
      ['sv-001', arabicName('sv-001')],
      ['sh-002', arabicName('sh-002')],
    ]);
    expect(names(french.body.cart)).toEqual([
      ['sv-001', frenchName('sv-001')],
      ['sh-002', frenchName('sh-002')],
    ]);
    const strip = (lines: CartItem[]) => lines.map(({ name: _name, ...rest }) => rest);
    expect(strip(arabic.body.cart)).toEqual(strip(french.body.cart));
    expect(french.headers.get('vary')).toMatch(/accept-language/i);
    expect(arabic.headers.get('cache-control')).toBe('no-store');

    const byHeader = await client.post('/api/cart/add', { productId: 'sc-002' }, ARABIC);
    expect(byHeader.status).toBe(200);
    expect(names(byHeader.body.cart)).toContainEqual(['sc-002', 'كيس الحمّام التقليدي']);
    expect(byHeader.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('refuses in Arabic with the same codes', async () => {
    const client = new CookieClient(app.url);
    const quantity = await client.post('/api/cart/add?lang=ar-MA', { productId: 'sv-001', quantity: 0 });
    expect(quantity.status).toBe(400);
    expect(quantity.body).toEqual({ error: { code: 'validation_failed', message: 'يجب أن تكون الكمية عددًا صحيحًا بين 1 و99.' } });
    await client.post('/api/cart/add', { productId: 'sv-001', quantity: 98 });
    const total = await client.post('/api/cart/add?lang=ar-MA', { productId: 'sv-001', quantity: 2 });
    expect(total.body.error).toEqual({ code: 'validation_failed', message: ar.quantityTotal(99) });
    const unknown = await client.post('/api/cart/update', { productId: 'zz-001', quantity: 1 }, ARABIC);
    expect(unknown.body.error).toEqual({ code: 'product_not_found', message: ar.productNotFound });
    const notInCart = await client.post('/api/cart/update?lang=ar-MA', { productId: 'sc-001', quantity: 1 });
    expect(notInCart.body.error).toEqual({ code: 'product_not_found', message: ar.lineNotInCart });
  });
});

describe('an order in Arabic', () => {
  it('refuses invalid delivery details with the same code, an Arabic summary and an Arabic message per field', async () => {
    const client = await shopperWithCart();
    const body = { fullName: ' ', phone: '0812345678', city: '', address: 'rue 3', note: 'x'.repeat(501) };
    const french = await place(client, body);
    const arabic = await client.post('/api/orders?lang=ar-MA', body, { 'Idempotency-Key': 'arabic-refusal-0001' });
    expect(arabic.status).toBe(400);
    expect(arabic.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'بعض المعلومات غير صحيحة: صحّح الحقول المشار إليها.',
        fields: {
          fullName: 'أدخل اسمك الكامل.',
          phone: arDelivery.phoneInvalid,
          city: arDelivery.cityMissing,
          address: arDelivery.addressShort,
          note: arDelivery.noteTooLong,
        },
      },
    });
    expect(french.body.error.code).toBe(arabic.body.error.code);
    expect(Object.keys(french.body.error.fields)).toEqual(Object.keys(arabic.body.error.fields));
    expect(french.body.error.fields.fullName).toBe(deliveryMessages.fullNameMissing);
    expect(arabic.headers.get('vary') ?? '').not.toMatch(/accept-language/i); // the URL names the language

    const byHeader = await client.post('/api/orders', { ...delivery, city: 'Rabat\nSalé' }, { 'Idempotency-Key': 'arabic-refusal-0002', ...ARABIC });
    expect(byHeader.body.error.fields).toEqual({ city: arDelivery.lineBreak });
    expect(byHeader.headers.get('vary')).toMatch(/accept-language/i);
    const extra = await client.post('/api/orders?lang=ar-MA', { ...delivery, total: 1 }, { 'Idempotency-Key': 'arabic-refusal-0003' });
    expect(extra.body.error).toEqual({ code: 'validation_failed', message: ar.unknownField });
    const key = await client.post('/api/orders?lang=ar-MA', delivery, { 'Idempotency-Key': 'short' });
    expect(key.body.error).toEqual({ code: 'validation_failed', message: ar.idempotencyKey });
    expect((await client.get('/api/cart')).body.cart).toHaveLength(2); // nothing placed
  });

  it('shows its lines in the language asked for, while the order keeps what it always stored', async () => {
    const client = await shopperWithCart();
    const placed = await client.post('/api/orders?lang=ar-MA', delivery, { 'Idempotency-Key': 'arabic-order-0001' });
    expect(placed.status).toBe(201);
    const order = placed.body.order as Order;
    expect(names(order.lines)).toEqual([
      ['sv-001', arabicName('sv-001')],
      ['sh-002', arabicName('sh-002')],
    ]);
    expect(order.status).toBe('reçue'); // a value of the API, the same in every language

    const french = (await client.get(`/api/orders/${order.number}`)).body.order as Order;
    expect(names(french.lines)).toEqual([
      ['sv-001', frenchName('sv-001')],
      ['sh-002', frenchName('sh-002')],
    ]);
    expect({ ...french, lines: [] }).toEqual({ ...order, lines: [] });
    const again = await client.get(`/api/orders/${order.number}`, { 'Accept-Language': 'ar' });
    expect(again.body.order).toEqual(order);
    const stored = await app.store.getOrder(order.number);
    expect(stored?.lines.map((line) => line.name)).toEqual([frenchName('sv-001'), frenchName('sh-002')]);
    const operators = await admin(`/admin/orders?q=${order.number}`);
    expect(names(operators.body.orders[0].lines)).toEqual(names(french.lines));

    const tracked = await track(new CookieClient(`${app.url}`, { Origin: 'http://localhost:3000', ...ARABIC }), order.number, delivery.phone);
    expect(names((tracked.body.order as TrackedOrder).lines)).toEqual(names(order.lines));
    const replayed = await client.post('/api/orders?lang=ar-MA', delivery, { 'Idempotency-Key': 'arabic-order-0001' });
    expect(replayed.status).toBe(200);
    expect(replayed.body.order).toEqual(order);
  });

  it('refuses an empty cart, an unknown order and a failed look-up in Arabic, with the same codes', async () => {
    const client = new CookieClient(app.url);
    const empty = await client.post('/api/orders?lang=ar-MA', delivery, { 'Idempotency-Key': 'arabic-empty-0001' });
    expect(empty.status).toBe(409);
    expect(empty.body.error).toEqual({ code: 'cart_empty', message: 'سلتك فارغة: أضف منتجات قبل تقديم الطلب.' });
    const unknown = await client.get('/api/orders/K7M2-Q9XP?lang=ar-MA');
    expect(unknown.body.error).toEqual({ code: 'order_not_found', message: ar.orderNotFound });
    const lookUp = await client.post('/api/orders/track?lang=ar-MA', { number: 'K7M0', phone: '' });
    expect(lookUp.body.error).toEqual({
      code: 'validation_failed',
      message: arDelivery.summary,
      fields: { number: arDelivery.numberInvalid, phone: arDelivery.phoneMissing },
    });
  });
});

describe('server-kit\'s refusals in Arabic', () => {
  const post = (path: string, body: string, headers: Record<string, string>) =>
    new CookieClient(app.url).request(path, { method: 'POST', body, headers });

  it('says the body reader\'s 415, 400 and 413 in the language asked for, with the same codes', async () => {
    const json = { 'Content-Type': 'application/json' };
    const cases = [
      ['/api/cart/add', '{"productId":"sv-001"}', { 'Content-Type': 'text/plain' }, 415, 'unsupported_media_type', 'unsupportedMediaType'],
      ['/api/cart/add', '{"productId":"sv-001"}', { ...json, 'Content-Encoding': 'gzip' }, 415, 'unsupported_media_type', 'unsupportedEncoding'],
      ['/api/cart/add', '{"productId":', json, 400, 'invalid_json', 'invalidJson'],
      ['/api/cart/add', '[1]', json, 400, 'validation_failed', 'expectedObject'],
    ] as const;
    for (const [path, body, headers, status, code, key] of cases) {
      const french = await post(path, body, headers);
      const arabic = await post(path, body, { ...headers, ...ARABIC });
      expect([french.status, arabic.status], key).toEqual([status, status]);
      expect(french.body.error, key).toEqual({ code, message: messages[key] });
      expect(arabic.body.error, key).toEqual({ code, message: ar[key] });
      expect(arabic.headers.get('vary'), key).toMatch(/accept-language/i);
    }
    const large = await post('/api/cart/add?lang=ar-MA', JSON.stringify({ productId: 'x'.repeat(3000) }), json);
    expect(large.body.error).toEqual({ code: 'payload_too_large', message: 'محتوى الطلب كبير جدًا (الحد الأقصى 2048 بايت).' });
    const order = await post('/api/orders?lang=ar-MA', JSON.stringify({ note: 'x'.repeat(9000) }), { ...json, 'Idempotency-Key': 'arabic-large-0001' });
    expect(order.body.error).toEqual({ code: 'payload_too_large', message: ar.payloadTooLarge(8192) });
  });

  it('says a 404 and a 405 in Arabic, and stays French by default', async () => {
    const client = new CookieClient(app.url);
    expect((await client.get('/api/nothing-here?lang=ar-MA')).body.error).toEqual({ code: 'not_found', message: ar.notFound });
    expect((await client.get('/api/nothing-here')).body.error).toEqual({ code: 'not_found', message: 'Ressource introuvable.' });
    const method = await client.request('/api/cart?lang=ar-MA', { method: 'DELETE' });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('GET, HEAD');
    expect(method.body.error).toEqual({ code: 'method_not_allowed', message: ar.methodNotAllowed });
    const origin = await new CookieClient(app.url, { Origin: 'https://evil.example' }).post('/api/cart/add?lang=ar-MA', { productId: 'sv-001' });
    expect(origin.body.error).toEqual({ code: 'forbidden_origin', message: ar.forbiddenOrigin });
  });
});

describe('an order whose product was renamed since', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps the name it was ordered under, in every language (no translation of another name)', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const first = await startApp({ dataDir: dir.path });
    const client = new CookieClient(first.url);
    await client.post('/api/cart/add', { productId: 'sv-001' });
    await client.post('/api/cart/add', { productId: 'sv-002' });
    const order = (await client.post('/api/orders', delivery, { 'Idempotency-Key': 'renamed-order-0001' })).body.order as Order;
    await first.close();

    const renamed = editedCatalogue((products) => products.map((p) => (p.id === 'sv-001' ? { ...p, name: 'Sérum éclat nouvelle formule' } : p)));
    const second = await startApp({ dataDir: dir.path, products: renamed });
    cleanups.push(second.close);
    const arabic = (await client.withBaseUrl(second.url).get(`/api/orders/${order.number}?lang=ar-MA`)).body.order as Order;
    expect(names(arabic.lines)).toEqual([
      ['sv-001', frenchName('sv-001')],
      ['sv-002', arabicName('sv-002')],
    ]);
  });
});
