import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CookieClient } from './test-support/cookie-client';
import { newPostgresDatabase } from './test-support/databases';
import { openTestStore, startApp, tempDir } from './test-support/test-app';

/** Adds lines through the API, then "restarts cart-service": closes the app and starts a new one on the same store. */
async function addLines(client: CookieClient) {
  await client.post('/api/cart/add', { productId: 'sv-001', quantity: 2 });
  await client.post('/api/cart/add', { productId: 'sh-004' });
  await client.post('/api/cart/add', { productId: 'pk-001', quantity: 3 });
  await client.post('/api/cart/update', { productId: 'sh-004', quantity: 4 });
  const res = await client.get('/api/cart');
  expect(res.body.cart).toHaveLength(3);
  return res.body;
}

/** Places an order through the API and answers what its owner and tracking see, to compare after a restart. */
async function placeOrder(client: CookieClient) {
  await client.post('/api/cart/add', { productId: 'sv-002', quantity: 2 });
  const placed = await client.post(
    '/api/orders',
    { fullName: 'Youssef Amrani', phone: '0661234567', city: 'Fès', address: '8, derb Sidi Ahmed, Fès el-Bali' },
    { 'Idempotency-Key': `durable-${randomBytes(6).toString('hex')}` },
  );
  expect(placed.status).toBe(201);
  return seenAfter(client, placed.body.order.number as string);
}

async function seenAfter(client: CookieClient, number: string) {
  const mine = await client.get(`/api/orders/${number}`);
  const tracked = await client.post('/api/orders/track', { number, phone: '+212661234567' });
  expect([mine.status, tracked.status]).toEqual([200, 200]);
  return { number, mine: mine.body, tracked: tracked.body };
}

describe('durability across a restart of cart-service', () => {
  it('embedded database: a placed order survives a restart, for its owner and for tracking', async () => {
    const dir = await tempDir();
    try {
      const first = await startApp({ dataDir: dir.path });
      const client = new CookieClient(first.url);
      const before = await placeOrder(client);
      await first.close();

      const second = await startApp({ dataDir: dir.path });
      expect(await seenAfter(client.withBaseUrl(second.url), before.number)).toEqual(before);
      await second.close();
    } finally {
      await dir.remove();
    }
  });

  it('embedded database: the same cookie gets the same cart after a restart', async () => {
    const dir = await tempDir();
    try {
      const first = await startApp({ dataDir: dir.path });
      const client = new CookieClient(first.url);
      const before = await addLines(client);
      await first.close();

      const second = await startApp({ dataDir: dir.path });
      const after = await client.withBaseUrl(second.url).get('/api/cart');
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before);
      expect(after.setCookies).toEqual([]); // the old cookie is still valid, nothing to re-issue
      await second.close();
    } finally {
      await dir.remove();
    }
  });

  it('embedded database: a restart with rotated keys (new key first, old one kept) keeps the cart and re-signs the cookie', async () => {
    const dir = await tempDir();
    try {
      const oldKey = 'the-old-session-key-0123456789-abcdefghijkl';
      const newKey = 'the-new-session-key-0123456789-abcdefghijkl';
      const first = await startApp({ dataDir: dir.path, sessionKeys: [oldKey] });
      const client = new CookieClient(first.url);
      const before = await addLines(client);
      const oldSignature = client.cookies.get('shop.sid.sig');
      await first.close();

      const second = await startApp({ dataDir: dir.path, sessionKeys: [newKey, oldKey] });
      const rotated = client.withBaseUrl(second.url);
      const after = await rotated.get('/api/cart');
      expect(after.body).toEqual(before);
      // Both cookies are re-issued with their full attributes (not as bare session cookies).
      const signature = after.setCookies.filter((c) => c.startsWith('shop.sid.sig='));
      expect(signature).toHaveLength(1);
      expect(signature[0]).toMatch(/; expires=.*; samesite=lax; httponly/i);
      expect(rotated.cookies.get('shop.sid.sig')).not.toBe(oldSignature);
      expect(rotated.cookies.get('shop.sid')).toBe(client.cookies.get('shop.sid'));
      await second.close();

      // Once the old key is dropped, cookies re-signed with the new key still work.
      const third = await startApp({ dataDir: dir.path, sessionKeys: [newKey] });
      expect((await rotated.withBaseUrl(third.url).get('/api/cart')).body).toEqual(before);
      await third.close();
    } finally {
      await dir.remove();
    }
  });

  describe('PostgreSQL server', () => {
    it('the same cookie gets the same cart, and a placed order is there for its owner and for tracking, after a restart', async () => {
      const database = await newPostgresDatabase();
      try {
        const open = () => openTestStore({ databaseUrl: database.url });
        const first = await startApp({ store: await open() });
        const client = new CookieClient(first.url);
        const before = await addLines(client);
        const other = new CookieClient(first.url);
        const placed = await placeOrder(other);
        await first.close();

        const second = await startApp({ store: await open() });
        expect((await client.withBaseUrl(second.url).get('/api/cart')).body).toEqual(before);
        expect(await seenAfter(other.withBaseUrl(second.url), placed.number)).toEqual(placed);
        await second.close();
      } finally {
        await database.drop();
      }
    });
  });
});
