import { randomUUID } from 'node:crypto';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

export const ADMIN_TOKEN = 'operators-token-0123456789-abcdefghijklmnop';
/** The app of a file about orders: an operators' token, and a tracking limit a test reaches in a few tries. */
export const ordersAppPerSuite = () =>
  embeddedAppPerSuite({
    adminToken: ADMIN_TOKEN,
    limits: { tracking: { maxFailures: 3, windowMs: 60_000 } },
  }).app;

export const delivery = {
  fullName: 'Fatima Zahra El Idrissi',
  phone: '06 12 34 56 78',
  city: 'Casablanca',
  address: '27, rue Ibnou Mounir, Maârif',
};

/** The clients a test about orders acts with, on `app`. */
export function orderClients(app: { readonly url: string }) {
  /** A visitor with two products in the cart (sv-001 × 2, sh-002 × 1). Each visitor comes from its own address. */
  async function shopperWithCart(address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`) {
    const client = new CookieClient(app.url, { Origin: 'http://localhost:3000', 'X-Forwarded-For': address });
    await client.post('/api/cart/add', { productId: 'sv-001', quantity: 2 });
    await client.post('/api/cart/add', { productId: 'sh-002' });
    return client;
  }

  const place = (client: CookieClient, body: unknown = delivery, key: string = randomUUID()) =>
    client.post('/api/orders', body, { 'Idempotency-Key': key });

  const track = (client: CookieClient, number: string, phone: string) => client.post('/api/orders/track', { number, phone });

  const admin = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
    new CookieClient(app.url, {}).request(path, {
      method: init.method ?? 'GET',
      ...(init.json === undefined ? {} : { json: init.json }),
      headers: init.token === '' ? {} : { Authorization: `Bearer ${init.token ?? ADMIN_TOKEN}` },
    });
  return { shopperWithCart, place, track, admin };
}
