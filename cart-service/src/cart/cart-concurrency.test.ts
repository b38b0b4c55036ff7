import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/contracts/cart';
import { SESSION_CLAIM_COOKIE } from '@shop/contracts/session-claim';
import { CookieClient } from '../test-support/cookie-client';
import { newPostgresDatabase } from '../test-support/databases';
import { catalogue, embeddedAppPerSuite, openTestStore, type RunningApp, startApp } from '../test-support/test-app';

const twentyProducts = () => catalogue().products.slice(0, 20).map((p) => p.id);

/** A session opened by a write (a read opens none), its cart empty again. */
async function openSession(visitor: CookieClient): Promise<void> {
  const productId = catalogue().products.at(-1)!.id;
  await visitor.post('/api/cart/add', { productId });
  await visitor.post('/api/cart/remove', { productId });
  expect(visitor.cookies.has('shop.sid')).toBe(true);
}

describe('concurrent changes to one cart', () => {
  describe('two cart-service instances sharing one PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof newPostgresDatabase>>;
    let a: RunningApp;
    let b: RunningApp;
    beforeAll(async () => {
      database = await newPostgresDatabase();
      a = await startApp({ store: await openTestStore({ databaseUrl: database.url, stockEach: 1000 }) });
      b = await startApp({ store: await openTestStore({ databaseUrl: database.url, stockEach: 1000 }) });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it('50 concurrent first adds with one claim and no session, spread over both instances, end in one cart at exactly 50', async () => {
      const visitor = new CookieClient(a.url);
      visitor.cookies.set(SESSION_CLAIM_COOKIE, 'concurrentFirstAdds000');
      const clients = [visitor, visitor.withBaseUrl(b.url)];
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => clients[i % 2]!.post('/api/cart/add', { productId: 'sv-001', quantity: 1 })),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
      // Every answer opened (or re-sent) the one session the claim opened: whichever the browser keeps, it is that one.
      const opened = new Set(answers.map((r) => r.setCookies.find((c) => c.startsWith('shop.sid='))?.split(';')[0]));
      expect(opened.size).toBe(1);
      for (const client of clients) {
        expect((await client.get('/api/cart')).body.cart).toMatchObject([{ productId: 'sv-001', quantity: 50 }]);
      }
    });

    it('20 concurrent adds of 20 different products, spread over both instances, end with 20 lines', async () => {
      const visitor = new CookieClient(a.url);
      await openSession(visitor);
      const clients = [visitor, visitor.withBaseUrl(b.url)];
      const ids = twentyProducts();
      const answers = await Promise.all(ids.map((productId, i) => clients[i % 2]!.post('/api/cart/add', { productId })));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      const cart = (await clients[1]!.get('/api/cart')).body.cart as CartItem[];
      expect(cart.map((i) => i.productId)).toEqual(ids);
      expect(cart.every((i) => i.quantity === 1)).toBe(true);
    });
  });

  describe('one instance on the embedded database', () => {
    const { app } = embeddedAppPerSuite({ stockEach: 1000 });

    it('50 concurrent adds of 1 end at 50 and 20 concurrent adds of different products end with 20 lines', async () => {
      const visitor = new CookieClient(app.url);
      await openSession(visitor);
      await Promise.all(Array.from({ length: 50 }, () => visitor.post('/api/cart/add', { productId: 'sh-001' })));
      expect((await visitor.get('/api/cart')).body.cart).toMatchObject([{ productId: 'sh-001', quantity: 50 }]);

      const other = new CookieClient(app.url);
      other.cookies.set(SESSION_CLAIM_COOKIE, 'anotherClaimForTwenty0');
      await Promise.all(twentyProducts().map((productId) => other.post('/api/cart/add', { productId })));
      expect((await other.get('/api/cart')).body.cart).toHaveLength(20);
    });
  });
});
