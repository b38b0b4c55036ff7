import type { ShopLocale } from '@shop/contracts/locales';
import type { Product } from '@shop/contracts/products';

/** A product as the catalogue file describes it; what is on hand comes from stock (see availability.ts). */
export type CatalogueProduct = Omit<Product, 'availability'>;

/**
 * A validated, read-only catalogue with lookups by id and by slug: what every feature reads (names, prices, the
 * order of a cart's lines). `catalogue/load-catalogue.ts` builds it from the file at start.
 *
 * Its names and descriptions are in one shop language, `locale` (the default one, French, for the catalogue the app is
 * given); `in(locale)` is the same catalogue in another: same products, ids, slugs, prices, images, order and stock,
 * only the words differ.
 */
export interface Catalogue {
  readonly locale: ShopLocale;
  readonly products: readonly CatalogueProduct[];
  byId(id: string): CatalogueProduct | undefined;
  byIdOrSlug(idOrSlug: string): CatalogueProduct | undefined;
  /** Units each product starts with (seeded once; operators count and adjust stock afterwards). */
  initialStock(id: string): number;
  /** Position in the catalogue file: carts list their lines in this order. */
  rank(id: string): number;
  /** The catalogue with its names and descriptions in `locale` (every shop language has them). */
  in(locale: ShopLocale): Catalogue;
}
