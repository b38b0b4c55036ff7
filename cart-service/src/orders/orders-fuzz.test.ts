import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { seededRandom } from '../test-support/seeded-random';
import { capturingLogger, embeddedAppPerSuite } from '../test-support/test-app';

const valid = { fullName: 'Nadia Bennani', phone: '0612345678', city: 'Tanger', address: '3, rue de la Liberté, Centre' };
const notText: readonly unknown[] = [null, 0, -1, 1e308, true, [], {}, [valid.fullName], { value: 'x' }];
const badText: readonly unknown[] = ['', ' ', '\u0000', 'x'.repeat(600)];
/** Values each field must refuse (an address may legitimately contain `<` or digits: React escapes it on display). */
const badFor: Record<'fullName' | 'phone' | 'city' | 'address' | 'note', readonly unknown[]> = {
  fullName: [...notText, ...badText, '<script>alert(1)</script>', 'Robert"); DROP TABLE orders;--', '💥💥💥', '1', 'Al'],
  phone: [...notText, ...badText, '06123', '+2126123456789', '0812345678', '1'],
  city: [...notText, ...badText, '1', '<b>', 'R'],
  address: [...notText, ...badText, '1', 'rue 3'],
  note: [...notText, 'x'.repeat(501)],
};
const badValues: readonly unknown[] = [...notText, ...badText, '💥'];
const extraKeys = ['__proto__', 'constructor', 'price', 'total', 'lines', 'status', 'number', 'ownerId', 'paymentMethod'];
const keys = ['a'.repeat(8), 'x', '', 'spaces in key', 'k'.repeat(65), 'valid-key-000001'];

const log = capturingLogger();
const { app } = embeddedAppPerSuite({ logger: log.logger, limits: { tracking: { maxFailures: 1_000_000, windowMs: 60_000 } } });

describe('fuzz: malformed orders and tracking requests', () => {
  it('answers 600 generated bad requests with 4xx only, places nothing, and leaves the cart as it was', async () => {
    const rand = seededRandom(0x0dd5);
    const shopper = new CookieClient(app.url);
    await shopper.post('/api/cart/add', { productId: 'sv-003', quantity: 2 });
    const cartBefore = (await shopper.get('/api/cart')).body;

    const failures: string[] = [];
    for (let i = 0; i < 600; i += 1) {
      const body: Record<string, unknown> = { ...valid };
      // At least one field is broken: a bad value, a missing field or an extra (price-like or prototype) key.
      const field = rand.pick(['fullName', 'phone', 'city', 'address', 'note'] as const);
      const how = rand.pick(['value', 'value', 'missing', 'extra'] as const);
      if (how === 'value' || field === 'note') body[field] = rand.pick(badFor[field]);
      else if (how === 'missing') delete body[field];
      // defineProperty, so `__proto__` becomes an own key that JSON.stringify sends (assignment would set the prototype).
      else Object.defineProperty(body, rand.pick(extraKeys), { value: rand.pick(badValues), enumerable: true });
      const text = rand.chance(0.05) ? '{"fullName": "x",' : JSON.stringify(body);
      const tracking = rand.chance(0.3);
      const response = await fetch(`${app.url}${tracking ? '/api/orders/track' : '/api/orders'}`, {
        method: 'POST',
        headers: {
          'Content-Type': rand.chance(0.9) ? 'application/json' : rand.pick(['text/plain', 'application/x-www-form-urlencoded']),
          'Idempotency-Key': rand.pick(keys),
          Origin: 'http://localhost:3000',
          Cookie: shopper.cookieHeader(),
        },
        body: tracking ? JSON.stringify({ number: rand.pick(badValues), phone: rand.pick(badValues) }) : text,
      });
      const answer = (await response.json()) as { error?: { code: string; message: string } };
      if (response.status < 400 || response.status >= 500 || !answer.error?.message) {
        failures.push(`${tracking ? 'track' : 'order'} ${text.slice(0, 100)}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await shopper.get('/api/cart')).body).toEqual(cartBefore);
    expect(log.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(log.lines.filter((line) => line.msg === 'order placed')).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
