import { expect, test } from './support/test';
import { stackForThisFile } from './support/stack';

/**
 * The outside probe's edges, through the real production stack: a shell behind a trusted load balancer (here, the test
 * on loopback, which names each shopper's address in X-Forwarded-For as a balancer would), cart-service behind it.
 */
const stack = stackForThisFile({ env: { TRUST_PROXY: 'loopback' } });

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: stack.url, ...headers },
  body: JSON.stringify(body),
});

test('1,000 concurrent wrong tracking guesses through the shell: at most 5 evaluated for that shopper, none blocked for another', async () => {
  const guess = (address: string) =>
    fetch(`${stack.url}/api/orders/track`, json({ number: 'ZZZZ-ZZZZ', phone: '0612345678' }, { 'X-Forwarded-For': address })).then(
      async (response) => (await response.arrayBuffer(), response.status),
    );
  const statuses = await Promise.all(Array.from({ length: 1000 }, () => guess('203.0.113.80')));
  const count = (status: number) => statuses.filter((s) => s === status).length;
  expect(count(404)).toBeLessThanOrEqual(5);
  expect(count(404) + count(429)).toBe(1000);
  // Another shopper behind the same balancer is evaluated normally.
  expect(await guess('203.0.113.81')).toBe(404);
});

test('a 10 MB body through the shell is answered 413 by the shell with a French message', async () => {
  const response = await fetch(`${stack.url}/api/cart/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: stack.url },
    body: Buffer.alloc(10 * 1024 * 1024, 0x20),
  });
  expect(response.status).toBe(413);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('payload_too_large');
  expect(body.error.message).toMatch(/trop volumineux/);
  // And the shop still serves.
  expect((await fetch(`${stack.url}/api/products`)).status).toBe(200);
});

test('delivery details with a line break in the name or a bidi override in the address are refused in French, nothing placed', async () => {
  const cookies: string[] = [];
  const send = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.url}${path}`, json(body, { Cookie: cookies.join('; '), ...headers }));
    for (const line of response.headers.getSetCookie()) cookies.push(line.split(';')[0]!);
    return response;
  };
  expect((await send('/api/cart/add', { productId: 'sv-001' })).status).toBe(200);
  const details = { fullName: 'Samira Alaoui', phone: '0612345678', city: 'Casablanca', address: '12 rue des Orangers, Maârif' };
  const refused = await send('/api/orders', { ...details, fullName: 'Samira\nAlaoui', address: '12 rue des Orangers\u202e, Maârif' }, { 'Idempotency-Key': 'abuse-e2e-0001' });
  expect(refused.status).toBe(400);
  const body = (await refused.json()) as { error: { code: string; fields: Record<string, string> } };
  expect(body.error.code).toBe('validation_failed');
  expect(Object.keys(body.error.fields).sort()).toEqual(['address', 'fullName']);
  for (const message of Object.values(body.error.fields)) expect(message).toMatch(/[a-zé]/);
  // Nothing was placed: the cart still holds its product.
  const cart = (await (await fetch(`${stack.url}/api/cart`, { headers: { Cookie: cookies.join('; ') } })).json()) as { cart: unknown[] };
  expect(cart.cart).toHaveLength(1);
});
