import type { ShopLocale } from '@shop/contracts/locales';
import type { Category } from '@shop/contracts/products';
import type { Product } from '@shop/contracts/products';
import type { ProductPage, ProductQuery, SitemapProduct } from '@shop/contracts/product-query';
import type { StockLevel } from '@shop/contracts/stock';

/** A product as the catalogue holds it; what is on hand comes from stock (see availability.ts). */
export type CatalogueProduct = Omit<Product, 'availability'>;

/**
 * Some products of the catalogue, read for one answer (a cart's lines, an order's, a message's product), with
 * lookups that need no more queries. `in(locale)` is the same products in another shop language: same ids, slugs,
 * prices, images and order, only the words differ.
 */
export interface Catalogue {
  readonly locale: ShopLocale;
  byId(id: string): CatalogueProduct | undefined;
  /** The product's place in the shop's order: carts list their lines in it. */
  rank(id: string): number;
  in(locale: ShopLocale): Catalogue;
}

/** What an import changed: products new to the database, products whose entry changed, and the rest. */
export interface ImportReport {
  added: number;
  updated: number;
  unchanged: number;
}

/** The catalogue in the database (decision 041): every read answers one page or a few products, never all of them. */
export interface CatalogueStore {
  /** The products of these ids (unknown ones are absent), in every language. */
  productsById(ids: readonly string[], locale: ShopLocale): Promise<Catalogue>;
  /** One product by id or slug with its availability, and up to RELATED_PRODUCTS of its category. */
  productPage(idOrSlug: string, locale: ShopLocale): Promise<{ product: Product; related: Product[] } | undefined>;
  /** One page of a listing (CursorError for a cursor of another query). */
  listProducts(query: ProductQuery, locale: ShopLocale): Promise<ProductPage>;
  /** Every product's units on hand, in the shop's order (the operators' stock list). */
  stockList(locale: ShopLocale): Promise<StockLevel[]>;
  /** How many products the catalogue holds. */
  productCount(): Promise<number>;
  /** The sitemap's products from `offset` on, at most `limit`, in the shop's order, handed over a chunk at a time. */
  sitemapProducts(offset: number, limit: number, each: (chunk: SitemapProduct[]) => void | Promise<void>): Promise<void>;
  /** Writes a validated catalogue file in one transaction: new products added (with their initial stock), changed ones updated. */
  importProducts(products: readonly ValidProduct[]): Promise<ImportReport>;
  /** The seed: imported only into a catalogue without products, once however many instances start together. */
  seedProducts(products: readonly ValidProduct[]): Promise<ImportReport>;
  /** Takes products out of the catalogue (their stock and the orders that named them stay). */
  removeProducts(ids: readonly string[]): Promise<void>;
}

/** The catalogue cannot be used: the service must not start. The message lists every problem. */
export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

/** One product of a valid catalogue file, ready to be written: its words in every shop language, its images versioned. */
export interface ValidProduct {
  id: string;
  slug: string;
  category: Category;
  price: number;
  oldPrice?: number;
  /** `/images/…?v=<content hash>`: cached for a year (`immutable`), and still new when an operator replaces a file. */
  images: string[];
  updatedAt: string;
  /** Units a new product starts with (a product already known keeps its stock). */
  initialStock: number;
  texts: Record<ShopLocale, { name: string; description: string }>;
}

/** A cursor that is not one this query handed out: the list must be read again from its start. */
export class CursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'CursorError';
  }
}
