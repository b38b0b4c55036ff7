import { describe, expect, it } from 'vitest';
import type { ProductDraft } from '@shop/contracts/merchandising';
import type { ProductQuery } from '@shop/contracts/product-query';
import { storesClosedAfterEach, type BackingFactory } from '../test-support/databases';
import { ProductNotFoundError, SlugTakenError, StaleVersionError, StockBelowZeroError } from './merchandising';
import type { ShopStore } from './open-store';

const query = (over: Partial<ProductQuery> = {}): ProductQuery => ({ category: 'all', q: '', promo: false, inStock: false, limit: 100, ...over });
const author = (by = 'salma', at = new Date('2026-12-05T10:00:00Z')) => ({ by, at });

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  slug: 'huile-de-nigelle-pure',
  category: 'body',
  price: 135,
  promotion: null,
  initialStock: 12,
  texts: {
    'fr-MA': { name: 'Huile de nigelle pure', description: 'Huile de graines de nigelle pressée à froid, pour le corps et les cheveux.' },
    'ar-MA': { name: 'زيت الحبة السوداء الخالص', description: 'زيت بذور الحبة السوداء المعصور على البارد للجسم والشعر.' },
  },
  ...over,
});

/** The listing's total and facets, and what a walk of the same listing counts: always equal when the cells are exact. */
async function countsAgree(store: ShopStore, over: Partial<ProductQuery> = {}) {
  const page = await store.listProducts(query(over), 'fr-MA');
  const promo = await store.listProducts(query({ ...over, promo: true }), 'fr-MA');
  const inStock = await store.listProducts(query({ ...over, inStock: true }), 'fr-MA');
  expect(page.facets.promo).toBe(promo.products.length);
  expect(page.facets.inStock).toBe(inStock.products.length);
  return page;
}

/** Merchandisers' changes (decision 043), on every backing (sql-store.test.ts). */
export function merchandisingStoreContract(name: string, createBacking: BackingFactory): void {
  describe(`MerchandisingStore contract: ${name}`, () => {
    const stores = storesClosedAfterEach(createBacking);

    it('creates a product in both languages that listings, search, its page and the sitemap show at once', async () => {
      const { store } = await stores.open();
      const before = await countsAgree(store);
      const made = await store.createProduct(draft(), ['/images/placeholder.svg?v=1'], author());
      expect(made).toMatchObject({ slug: 'huile-de-nigelle-pure', version: 1, onHand: 12, archived: false, onPromotionNow: false });
      const after = await countsAgree(store);
      expect(after.total).toBe(before.total + 1);
      expect(after.facets.categories.body).toBe(before.facets.categories.body + 1);
      expect((await store.listProducts(query({ q: 'nigelle' }), 'fr-MA')).products.map((p) => p.id)).toContain(made.id);
      expect((await store.listProducts(query({ q: 'الحبة السوداء' }), 'ar-MA')).products.map((p) => p.name)).toContain('زيت الحبة السوداء الخالص');
      expect((await store.productPage('huile-de-nigelle-pure', 'ar-MA'))?.product.name).toBe('زيت الحبة السوداء الخالص');
      const slugs: string[] = [];
      await store.sitemapProducts(0, 100_000, (chunk) => void slugs.push(...chunk.map((p) => p.slug)));
      expect(slugs).toContain('huile-de-nigelle-pure');
      const audit = await store.catalogueAudit(made.id, undefined);
      expect(audit.entries[0]).toMatchObject({ action: 'created', by: 'salma', productName: 'Huile de nigelle pure' });
      expect(audit.entries[0]!.changes).toContainEqual({ field: 'price', before: null, after: 135 });
    });

    it('saves from the version read, refuses a stale one with the current values, and logs each field before and after', async () => {
      const { store } = await stores.open();
      const made = await store.createProduct(draft(), [], author());
      const edited = await store.updateProduct(made.id, { ...draft(), price: 120, version: 1, texts: { ...draft().texts, 'ar-MA': { ...draft().texts['ar-MA'], name: 'زيت السانوج' } } }, author('yassine'));
      expect(edited).toMatchObject({ price: 120, version: 2 });
      const stale = store.updateProduct(made.id, { ...draft(), price: 99, version: 1 }, author('salma'));
      await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
      const current = await stale.catch((error: StaleVersionError) => error.current);
      expect(current).toMatchObject({ price: 120, version: 2 });
      expect((await store.productPage(made.id, 'fr-MA'))?.product.price).toBe(120);
      expect((await store.productPage(made.id, 'ar-MA'))?.product.name).toBe('زيت السانوج');
      const [entry] = (await store.catalogueAudit(made.id, undefined)).entries;
      expect(entry).toMatchObject({ action: 'updated', by: 'yassine' });
      expect(entry!.changes).toEqual([
        { field: 'price', before: 135, after: 120 },
        { field: 'texts.ar-MA.name', before: 'زيت الحبة السوداء الخالص', after: 'زيت السانوج' },
      ]);
      await expect(store.updateProduct('m-000000000000', { ...draft(), version: 1 }, author())).rejects.toBeInstanceOf(ProductNotFoundError);
      await expect(store.createProduct(draft(), [], author())).rejects.toBeInstanceOf(SlugTakenError);
      await expect(store.createProduct(draft({ slug: 'sv-001' }), [], author())).rejects.toBeInstanceOf(SlugTakenError);
    });

    it('archives a product out of every list and count, and restores it, the counts exact throughout', async () => {
      const { store } = await stores.open();
      const before = await countsAgree(store);
      const made = await store.createProduct(draft({ promotion: { oldPrice: 160, startsAt: null, endsAt: null } }), [], author());
      expect(made.onPromotionNow).toBe(true);
      const archived = await store.setArchived(made.id, true, made.version, author());
      expect(archived).toMatchObject({ archived: true, version: 2 });
      expect(await countsAgree(store)).toMatchObject({ total: before.total });
      expect(await store.productPage(made.id, 'fr-MA')).toBeUndefined();
      expect((await store.productsById([made.id], 'fr-MA')).byId(made.id)).toBeUndefined();
      expect((await store.listProducts(query({ q: 'nigelle' }), 'fr-MA')).products.map((p) => p.id)).not.toContain(made.id);
      // The console still finds it, when asked for archived products too.
      expect((await store.merchandisedProducts({ archived: true, limit: 25, q: 'nigelle' })).products.map((p) => p.id)).toContain(made.id);
      expect((await store.merchandisedProducts({ archived: false, limit: 25, q: 'nigelle' })).products.map((p) => p.id)).not.toContain(made.id);
      await expect(store.setArchived(made.id, false, 1, author())).rejects.toBeInstanceOf(StaleVersionError);
      await store.setArchived(made.id, false, 2, author());
      expect((await countsAgree(store)).total).toBe(before.total + 1);
      expect((await store.catalogueAudit(made.id, undefined)).entries.map((e) => e.action)).toEqual(['restored', 'archived', 'created']);
    });

    it('starts and ends a dated promotion on time, the promotion filter and its count following', async () => {
      const { store } = await stores.open();
      const window = { oldPrice: 160, startsAt: '2026-12-10T00:00:00.000Z', endsAt: '2026-12-20T00:00:00.000Z' };
      const made = await store.createProduct(draft({ promotion: window }), [], author());
      expect(made).toMatchObject({ onPromotionNow: false, promotion: window });
      const promoIds = async () => (await store.listProducts(query({ promo: true }), 'fr-MA')).products.map((p) => p.id);
      expect(await promoIds()).not.toContain(made.id);
      expect(await store.applyPromotionWindows(new Date('2026-12-09T23:59:59Z'))).toBe(0);
      expect(await store.applyPromotionWindows(new Date('2026-12-10T00:00:00Z'))).toBe(1);
      expect(await promoIds()).toContain(made.id);
      expect((await store.productPage(made.id, 'fr-MA'))?.product).toMatchObject({ price: 135, oldPrice: 160 });
      await countsAgree(store);
      expect(await store.applyPromotionWindows(new Date('2026-12-20T00:00:00Z'))).toBe(1);
      expect(await promoIds()).not.toContain(made.id);
      expect((await store.productPage(made.id, 'fr-MA'))?.product.oldPrice).toBeUndefined();
      await countsAgree(store);
    });

    it('adjusts stock with its reason, never below zero, and logs it', async () => {
      const { store } = await stores.open();
      const made = await store.createProduct(draft(), [], author());
      expect((await store.adjustProductStock(made.id, -12, 'Casse au déballage', author())).onHand).toBe(0);
      expect((await countsAgree(store, { q: '' })).facets.inStock).toBe((await store.listProducts(query({ inStock: true }), 'fr-MA')).products.length);
      await expect(store.adjustProductStock(made.id, -1, 'Erreur', author())).rejects.toBeInstanceOf(StockBelowZeroError);
      expect((await store.merchandisedProduct(made.id))?.onHand).toBe(0);
      const [entry] = (await store.catalogueAudit(made.id, undefined)).entries;
      expect(entry).toMatchObject({ action: 'stock_adjusted', reason: 'Casse au déballage', changes: [{ field: 'onHand', before: 12, after: 0 }] });
    });

    it('reads every product in the shop’s order a keyset chunk at a time, archived ones too (the CSV export)', async () => {
      const { store } = await stores.open();
      const made = await store.createProduct(draft(), [], author());
      await store.setArchived(made.id, true, 1, author());
      const ids: string[] = [];
      let after: number | null = null;
      do {
        const chunk = await store.merchandisedInShopOrder(after, 7);
        ids.push(...chunk.products.map((p) => p.id));
        after = chunk.next;
      } while (after !== null);
      expect(ids.at(-1)).toBe(made.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe((await store.merchandisedProducts({ archived: true, limit: 1 })).total);
    });

    it('imports CSV rows in one transaction: slugs swapped, a product added, lines equal to their product untouched, counts exact', async () => {
      const { store } = await stores.open();
      const before = await countsAgree(store);
      const [a, b, c] = (await store.merchandisedInShopOrder(null, 3)).products;
      const row = (p: typeof a, line: number) => ({ line, id: p!.id, version: p!.version, fields: p!, archived: p!.archived, initialStock: 0 });
      const rows = [
        { ...row(a, 2), fields: { ...a!, slug: b!.slug } },
        { ...row(b, 3), fields: { ...b!, slug: a!.slug }, archived: true },
        row(c, 4),
        { line: 5, id: null, version: null, fields: draft(), archived: false, initialStock: 4 },
      ];
      const writes: number[] = [];
      const outcome = await store.importProductRows(rows, { author: author('amine'), images: [], checkOnly: false, progress: (done) => void writes.push(done) });
      expect(outcome).toEqual({ ok: true, result: { added: 1, updated: 2, unchanged: 1 } });
      expect(writes).toEqual([0, 3]);
      expect(await store.merchandisedProduct(a!.id)).toMatchObject({ slug: b!.slug, version: a!.version + 1 });
      expect(await store.merchandisedProduct(b!.id)).toMatchObject({ slug: a!.slug, archived: true, version: b!.version + 1 });
      expect((await store.merchandisedProduct(c!.id))?.version).toBe(c!.version);
      expect((await countsAgree(store)).total).toBe(before.total);
      const added = (await store.productPage('huile-de-nigelle-pure', 'fr-MA'))!.product;
      expect((await store.merchandisedProduct(added.id))?.onHand).toBe(4);
      expect((await store.catalogueAudit(null, undefined)).entries.slice(0, 3).map((e) => [e.action, e.by])).toEqual([['imported', 'amine'], ['imported', 'amine'], ['imported', 'amine']]);

      // The same rows again are stale (their versions moved on) and taken slugs: refused whole, nothing written.
      const audit = (await store.catalogueAudit(null, undefined)).entries[0]!.id;
      const again = await store.importProductRows([{ ...rows[0]!, fields: { ...rows[0]!.fields, price: 1 } }, { ...rows[3]!, fields: draft({ slug: 'huile-de-nigelle-pure' }) }], { author: author(), images: [], checkOnly: false });
      expect(again).toMatchObject({ ok: false, lines: [{ line: 2, field: 'version' }, { line: 5, field: 'slug' }] });
      expect((await store.merchandisedProduct(a!.id))?.price).toBe(a!.price);
      expect((await store.catalogueAudit(null, undefined)).entries[0]!.id).toBe(audit);
    });

    it('shows a save on another instance at its next read, whatever it kept', async () => {
      const { store, backing } = await stores.open();
      const other = backing.storeOptions.databaseUrl ? await stores.reopen(backing) : store;
      const seen = async () => (await other.listProducts(query({ category: 'face', sort: 'prix-croissant' }), 'fr-MA')).products[0]!;
      const cheapest = await seen(); // kept by `other` for its listing TTL
      const product = (await store.merchandisedProduct(cheapest.id))!;
      await store.updateProduct(product.id, { ...product, price: 1, version: product.version }, author());
      expect(await seen()).toMatchObject({ id: product.id, price: 1 });
    });
  });
}
