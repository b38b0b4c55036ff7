import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '@shop/contracts/catalogue-csv';
import type { MerchandisedProduct, MerchandisedProductResponse, ProductDraft } from '@shop/contracts/merchandising';
import type { Order } from '@shop/contracts/orders';
import { edgePurgerForUrls, type EdgePurger } from '@shop/server-kit/edge-purge';
import { startTestEdgeCache, type TestEdgeCache } from '@shop/server-kit/test-edge-cache';
import { CookieClient } from './test-support/cookie-client';
import { newDataDir } from './test-support/databases';
import { silentLogger, startApp, type RunningApp } from './test-support/test-app';

const ADMIN_TOKEN = 'edge-purge-operators-token-0123456789';
let varnish: TestEdgeCache;
let purger: EdgePurger;
let app: RunningApp;
let dir: Awaited<ReturnType<typeof newDataDir>>;
beforeAll(async () => {
  // A stand-in for the fleet's Varnish, in EDGE_PURGE_URLS as start-service.ts reads it.
  varnish = await startTestEdgeCache();
  purger = edgePurgerForUrls([varnish.url], silentLogger());
  dir = await newDataDir();
  app = await startApp({ dataDir: dir.path, adminToken: ADMIN_TOKEN, edgePurger: purger });
});
afterAll(async () => {
  await app?.close();
  await varnish?.close();
  await dir?.remove();
});

/** The tags the cache was asked to drop since the last call, once every purge asked for has gone out. */
async function purged(): Promise<string[]> {
  await purger.settled();
  const tags = varnish.tags();
  varnish.purges.splice(0);
  return tags;
}

const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Operator': 'salma' };

async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${app.url}${path}`, { method, headers: { ...auth, 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const productOf = async (id: string) => ((await admin('GET', `/admin/products/${id}`)).body as unknown as MerchandisedProductResponse).product;

/** What a console save sends of a product, from what it read. */
function edit(product: MerchandisedProduct, over: Partial<ProductDraft> = {}) {
  const { id: _id, images: _images, photos: _photos, archived: _archived, onPromotionNow: _now, onHand: _onHand, updatedAt: _at, ...fields } = product;
  return { ...fields, ...over };
}

describe('a change of a product’s pages purges them from the shared caches (decision 045)', () => {
  it('a merchandiser’s edit: the product’s pages, and the listings when its price moves; a new slug alone, its pages only', async () => {
    const serum = await productOf('sv-001');
    expect((await admin('PUT', '/admin/products/sv-001', edit(serum, { price: serum.price + 1 }))).status).toBe(200);
    expect(await purged()).toEqual(['product:sv-001', 'listings']);
    expect((await admin('PUT', '/admin/products/sv-001', edit(await productOf('sv-001'), { slug: 'serum-renomme' }))).status).toBe(200);
    expect(await purged()).toEqual(['product:sv-001']);
  });

  it('a stock adjustment that empties a product or brings it back purges; one that leaves it in stock sends nothing', async () => {
    const { onHand } = await productOf('sv-002');
    const adjust = (delta: number) => admin('POST', '/admin/products/sv-002/stock', { delta, reason: 'Inventaire' });
    expect((await adjust(-1)).status).toBe(200);
    expect(await purged()).toEqual([]);
    expect((await adjust(-(onHand - 1))).body).toMatchObject({ product: { onHand: 0 } });
    expect(await purged()).toEqual(['product:sv-002', 'listings']);
    expect((await adjust(4)).status).toBe(200);
    expect(await purged()).toEqual(['product:sv-002', 'listings']);
  });

  it('an order that takes the last unit purges the product’s pages, its cancellation too; an order that leaves some, nothing', async () => {
    expect((await admin('PUT', '/admin/stock/sv-003', { onHand: 2 })).status).toBe(200);
    expect(await purged()).toEqual([]);
    const order = async () => {
      const shopper = new CookieClient(app.url, { Origin: 'http://localhost:3000', 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
      await shopper.post('/api/cart/add', { productId: 'sv-003' });
      const placed = await shopper.post('/api/orders', { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' }, { 'Idempotency-Key': randomUUID() });
      expect(placed.status).toBe(201);
      return placed.body.order as Order;
    };
    await order();
    expect(await purged()).toEqual([]);
    const last = await order();
    expect(await purged()).toEqual(['product:sv-003', 'listings']);
    expect((await admin('POST', `/admin/orders/${last.number}/status`, { status: 'annulée' })).status).toBe(200);
    expect(await purged()).toEqual(['product:sv-003', 'listings']);
  });

  it('a CSV import purges every product it changes, and the listings', async () => {
    const res = await fetch(`${app.url}/admin/catalogue/products.csv`, { headers: auth });
    const rows = parse(await res.text(), { bom: true, columns: true }) as Array<Record<string, string>>;
    const changed = rows.filter((row) => row['id'] === 'sv-004' || row['id'] === 'sv-005').map((row) => ({ ...row, price: String(Number(row['price']) + 2) }));
    const body = stringify(changed, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], record_delimiter: 'windows' });
    const answer = await fetch(`${app.url}/admin/catalogue/products.csv`, { method: 'POST', headers: { ...auth, 'Content-Type': 'text/csv' }, body });
    expect(await answer.text()).toMatch(/"updated":2/);
    expect((await purged()).sort()).toEqual(['listings', 'product:sv-004', 'product:sv-005']);
  });

  it('the promotion clock purges a product whose promotion starts, and the listings', async () => {
    const soap = await productOf('sv-006');
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin('PUT', '/admin/products/sv-006', edit(soap, { promotion: { oldPrice: soap.price + 10, startsAt, endsAt: null } }))).status).toBe(200);
    await purged();
    expect(await app.store.applyPromotionWindows(new Date())).toBe(0);
    expect(await purged()).toEqual([]);
    expect(await app.store.applyPromotionWindows(new Date(Date.now() + 7_200_000))).toBe(1);
    expect(await purged()).toEqual(['product:sv-006', 'listings']);
  });
});
