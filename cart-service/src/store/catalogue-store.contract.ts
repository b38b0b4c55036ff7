import { describe, expect, it } from 'vitest';
import type { ShopLocale } from '@shop/contracts/locales';
import type { Product } from '@shop/contracts/products';
import type { ProductQuery, ProductSort } from '@shop/contracts/product-query';
import { CatalogueError, type ValidProduct } from './catalogue';
import { shippedProducts, storesClosedAfterEach, type BackingFactory } from '../test-support/databases';
import type { ShopStore } from './open-store';

const query = (over: Partial<ProductQuery> = {}): ProductQuery => ({ category: 'all', q: '', promo: false, inStock: false, limit: 24, ...over });

/** Every page of a listing, following the cursors; `between` runs after each page (a change while a shopper reads). */
async function walk(store: ShopStore, q: ProductQuery, between: (page: number) => Promise<void> = async () => undefined, locale: ShopLocale = 'fr-MA') {
  const seen: Product[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= 100; page += 1) {
    const answer = await store.listProducts({ ...q, ...(cursor ? { cursor } : {}) }, locale);
    seen.push(...answer.products);
    if (!answer.nextCursor) return seen;
    cursor = answer.nextCursor;
    await between(page);
  }
  throw new Error('more than 100 pages');
}

const names = (products: readonly Product[]) => products.map((p) => p.name);
const ids = (products: readonly Pick<Product, 'id'>[]) => products.map((p) => p.id);

/** A product of the shipped file under a new id and slug (its words, price and image kept). */
function copyOf(product: ValidProduct, id: string, over: Partial<ValidProduct> = {}): ValidProduct {
  return { ...product, id, slug: `${product.slug}-${id}`, ...over };
}

/** The catalogue in the database (decision 041), on every backing (sql-store.test.ts). */
export function catalogueStoreContract(name: string, createBacking: BackingFactory): void {
  describe(`CatalogueStore contract: ${name}`, () => {
    const stores = storesClosedAfterEach(createBacking);
    const shipped = () => shippedProducts();

    it('searches French with accents and case folded, the last word as a prefix, best matches first', async () => {
      const { store } = await stores.open();
      const creme = await store.listProducts(query({ q: 'creme' }), 'fr-MA');
      expect(creme.total).toBeGreaterThanOrEqual(3);
      expect(names(creme.products).slice(0, 3).every((n) => /^Crème/.test(n))).toBe(true);
      const prefix = await store.listProducts(query({ q: 'CRÈME hydra' }), 'fr-MA');
      // The product named so first; a pack whose description says it after.
      expect(names(prefix.products)[0]).toBe("Crème hydratante à l'argan");
      expect(prefix.total).toBeLessThan(creme.total);
      // A word in the name counts more than the same word in a description only.
      const argan = await store.listProducts(query({ q: 'argan' }), 'fr-MA');
      const inName = argan.products.findIndex((p) => !/argan/i.test(p.name));
      expect(argan.products.slice(0, Math.max(inName, 0)).length).toBeGreaterThanOrEqual(3);
      if (inName >= 0) expect(argan.products.slice(inName).every((p) => !/argan/i.test(p.name))).toBe(true);
      expect(argan.total).toBe(argan.products.length);
    });

    it('searches Arabic with alef forms, ta marbuta, alef maqsura, diacritics and the article folded', async () => {
      const { store } = await stores.open();
      const argan = await store.listProducts(query({ q: 'اركان' }), 'ar-MA');
      expect(names(argan.products)).toContain('كريم مرطّب بالأركان');
      const moisturising = await store.listProducts(query({ q: 'مرطب' }), 'ar-MA');
      expect(names(moisturising.products)).toContain('كريم مرطّب بالأركان');
      // The shopper types with the article and a hamza: the same products.
      const withArticle = await store.listProducts(query({ q: 'الأركان' }), 'ar-MA');
      expect(ids(withArticle.products).sort()).toEqual(ids(argan.products).sort());
      const rose = await store.listProducts(query({ q: 'ماء الوردة' }), 'ar-MA');
      expect(names(rose.products)).toContain('ماء الورد من قلعة مكونة');
    });

    it('finds a short misspelling by its trigrams, and nothing for a word that is not there', async () => {
      const { store } = await stores.open();
      const argn = await store.listProducts(query({ q: 'argn' }), 'fr-MA');
      expect(argn.total).toBeGreaterThan(0);
      expect(argn.products[0]!.name).toMatch(/argan/i);
      const rhasoul = await store.listProducts(query({ q: 'rhasoul' }), 'fr-MA');
      expect(names(rhasoul.products).some((n) => /rhassoul/i.test(n))).toBe(true);
      const nothing = await store.listProducts(query({ q: 'zzqxw' }), 'fr-MA');
      expect(nothing).toMatchObject({ products: [], total: 0, nextCursor: null });
      // Every page of a misspelt search reads the same way (the cursor keeps the mode).
      const pages = await walk(store, query({ q: 'argn', limit: 2 }));
      expect(ids(pages)).toEqual(ids((await store.listProducts(query({ q: 'argn', limit: 100 }), 'fr-MA')).products));
    });

    it.each<[ProductSort | undefined, (a: Product, b: Product) => number]>([
      [undefined, () => 0], // the shop's order
      ['prix-croissant', (a, b) => a.price - b.price],
      ['prix-decroissant', (a, b) => b.price - a.price],
      ['nouveautes', () => 0],
      ['nom', () => 0],
    ])('walks every page (sort: %s) with no duplicate and no gap while products come and go between pages', async (sort, order) => {
      const { store } = await stores.open();
      const all = shipped();
      const added = copyOf(all[3]!, 'zz-001', { price: 123 });
      const removed = all.at(-2)!;
      const seen = await walk(store, query({ ...(sort ? { sort } : {}), limit: 5 }), async (page) => {
        if (page === 1) await store.importProducts([added]);
        if (page === 2) await store.removeProducts([removed.id]);
      });
      const seenIds = ids(seen);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      // Every product there from start to end is listed once; the removed one at most once, the added one at most once.
      for (const product of all) if (product.id !== removed.id) expect(seenIds).toContain(product.id);
      for (let i = 1; i < seen.length; i += 1) expect(order(seen[i - 1]!, seen[i]!)).toBeLessThanOrEqual(0);
      if (sort === undefined) expect(seenIds.filter((id) => id !== added.id && id !== removed.id)).toEqual(ids(all).filter((id) => id !== removed.id));
      if (sort === 'nouveautes') expect(seenIds.filter((id) => id !== added.id && id !== removed.id)).toEqual(ids(all).filter((id) => id !== removed.id).reverse());
      if (sort === 'nom') {
        const folded = seen.map((p) => p.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
        expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
    });

    it('filters by category, price range, promotion and availability, with facets that leave out their own filter', async () => {
      const { store } = await stores.open();
      const all = shipped();
      const soldOut = all.find((p) => p.category === 'face')!;
      await store.setStock(soldOut.id, 0, Date.now());
      const face = await store.listProducts(query({ category: 'face', promo: true, limit: 100 }), 'fr-MA');
      const expected = all.filter((p) => p.category === 'face' && p.oldPrice !== undefined);
      expect(ids(face.products)).toEqual(ids(expected));
      expect(face.facets.categories.body).toBe(all.filter((p) => p.category === 'body' && p.oldPrice !== undefined).length);
      expect(face.facets.promo).toBe(expected.length);
      expect(face.facets.inStock).toBe(expected.filter((p) => p.id !== soldOut.id).length);
      const cheap = await store.listProducts(query({ price: 'moins-100', inStock: true, limit: 100 }), 'fr-MA');
      expect(ids(cheap.products)).toEqual(ids(all.filter((p) => p.price < 100 && p.id !== soldOut.id)));
      expect(cheap.products.every((p) => p.availability.status !== 'out-of-stock')).toBe(true);
      expect(cheap.facets.prices['plus-200']).toBe(all.filter((p) => p.price > 200 && p.id !== soldOut.id).length);
      // The counts follow the stock at once: back in stock, then sold out by an adjustment.
      const faceInStock = async () => (await store.listProducts(query({ category: 'face', inStock: true }), 'fr-MA')).total;
      const before = await faceInStock();
      await store.adjustStock(soldOut.id, 5, Date.now());
      expect(await faceInStock()).toBe(before + 1);
      await store.adjustStock(soldOut.id, -5, Date.now());
      expect(await faceInStock()).toBe(before);
    });

    it('refuses a cursor from another query', async () => {
      const { store } = await stores.open();
      const face = await store.listProducts(query({ category: 'face', limit: 2 }), 'fr-MA');
      await expect(store.listProducts(query({ category: 'body', limit: 2, cursor: face.nextCursor! }), 'fr-MA')).rejects.toThrow('invalid cursor');
    });

    it('imports idempotently: the same file writes nothing, a changed entry is rewritten, known stock is kept', async () => {
      const { store } = await stores.open({ stockEach: 7 });
      expect(await store.importProducts(shipped())).toEqual({ added: 0, updated: 0, unchanged: shipped().length });
      const repriced = shipped().map((p) => (p.id === 'sv-002' ? { ...p, price: 149, oldPrice: 179 } : p));
      const fresh = copyOf(shipped()[0]!, 'zz-002', { initialStock: 3 });
      expect(await store.importProducts([...repriced, fresh])).toEqual({ added: 1, updated: 1, unchanged: shipped().length - 1 });
      const page = await store.productPage('sv-002', 'fr-MA');
      expect(page?.product).toMatchObject({ price: 149, oldPrice: 179, availability: { status: 'in-stock' } });
      expect((await store.stockList('fr-MA')).find((s) => s.productId === 'zz-002')?.onHand).toBe(3);
      expect((await store.stockList('fr-MA')).find((s) => s.productId === 'sv-002')?.onHand).toBe(7);
      // A new product comes last in the shop's order.
      expect(ids((await store.listProducts(query({ sort: 'nouveautes', limit: 1 }), 'fr-MA')).products)).toEqual(['zz-002']);
    });

    it('refuses, writing nothing, a file that gives a product a slug another product keeps', async () => {
      const { store } = await stores.open();
      const taken = copyOf(shipped()[0]!, 'zz-003', { slug: shipped()[1]!.slug });
      const changed = { ...shipped()[2]!, price: 1 };
      await expect(store.importProducts([changed, taken])).rejects.toThrow(CatalogueError);
      expect((await store.productPage(changed.id, 'fr-MA'))?.product.price).toBe(shipped()[2]!.price);
      expect(await store.productCount()).toBe(shipped().length);
      // Two products of one file may swap their slugs.
      const [a, b] = [shipped()[0]!, shipped()[1]!];
      await store.importProducts([{ ...a, slug: b.slug }, { ...b, slug: a.slug }]);
      expect((await store.productPage(a.slug, 'fr-MA'))?.product.id).toBe(b.id);
    });

    it('seeds a new catalogue once when instances start together, and never over products already there', async () => {
      const { store, backing } = await stores.open();
      // A server takes several instances at once; the embedded database one process (its calls run one at a time).
      const other = backing.storeOptions.databaseUrl ? await stores.reopen(backing) : store;
      await store.removeProducts(ids(shipped()));
      const reports = await Promise.all([store.seedProducts(shipped()), other.seedProducts(shipped())]);
      expect(reports.map((report) => report.added).sort((a, b) => a - b)).toEqual([0, shipped().length]);
      expect(await store.productCount()).toBe(shipped().length);
      expect(await store.seedProducts([copyOf(shipped()[0]!, 'zz-004')])).toEqual({ added: 0, updated: 0, unchanged: 0 });
    });

    it('reads products by id in every language, and the sitemap a chunk at a time from any offset', async () => {
      const { store } = await stores.open();
      const words = await store.productsById(['sv-003', 'zz-404'], 'ar-MA');
      expect(words.byId('sv-003')?.name).toBe('ماء الورد من قلعة مكونة');
      expect(words.in('fr-MA').byId('sv-003')?.name).toBe("Eau de rose de Kelâat M'Gouna");
      expect(words.byId('zz-404')).toBeUndefined();
      const chunks: number[] = [];
      const slugs: string[] = [];
      await store.sitemapProducts(5, 20, (chunk) => {
        chunks.push(chunk.length);
        slugs.push(...chunk.map((p) => p.slug));
      });
      expect(slugs).toEqual(shipped().slice(5, 25).map((p) => p.slug));
    });
  });
}
