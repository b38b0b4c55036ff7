import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { editedCatalogue } from '../test-support/databases';
import { startApp, tempDir } from '../test-support/test-app';
import { expectedItem } from './expected-item.fixture';

describe('catalogue changes', () => {
  it('drops a product removed from the catalogue out of carts, for good', async () => {
    const d = await tempDir();
    try {
      const first = await startApp({ dataDir: d.path });
      const client = new CookieClient(first.url);
      await client.post('/api/cart/add', { productId: 'sv-001', quantity: 2 });
      await client.post('/api/cart/add', { productId: 'sc-002' });
      await first.close();

      const second = await startApp({ dataDir: d.path });
      await second.store.removeProducts(['sc-002']);
      const res = await client.withBaseUrl(second.url).get('/api/cart');
      expect(res.body).toEqual({ cart: [expectedItem('sv-001', 2)] });
      expect(await second.store.getLines(client.cookies.get('shop.sid') ?? '')).toEqual([{ productId: 'sv-001', quantity: 2 }]);
      expect((await client.withBaseUrl(second.url).post('/api/cart/add', { productId: 'sc-002' })).status).toBe(404);
      await second.close();
    } finally {
      await d.remove();
    }
  });

  it('answers with the catalogue price of the day, not the price when the line was added', async () => {
    const d = await tempDir();
    try {
      const first = await startApp({ dataDir: d.path });
      const client = new CookieClient(first.url);
      await client.post('/api/cart/add', { productId: 'sv-002' });
      await first.close();
      const repriced = editedCatalogue((products) => products.map((p) => (p.id === 'sv-002' ? { ...p, price: 149, oldPrice: 179 } : p)));
      const second = await startApp({ dataDir: d.path, products: repriced });
      const res = await client.withBaseUrl(second.url).get('/api/cart');
      expect(res.body.cart[0]).toMatchObject({ productId: 'sv-002', price: 149, oldPrice: 179 });
      await second.close();
    } finally {
      await d.remove();
    }
  });
});
