import type { PictureSources } from './photos';
import type { ProductPage } from './product-query';

export type Category = 'face' | 'body' | 'hair' | 'pack';

export interface Product {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: Category;
  /** Price in MAD. */
  price: number;
  /** Previous price in MAD when the product is on promotion. */
  oldPrice?: number;
  /** Image paths relative to the API host. At least one: its photos (photos.ts), else its drawings. */
  images: string[];
  /** Each photo's alternative text in the answer's language, beside `images`; absent for drawings (the name says it). */
  imageAlts?: string[];
  /**
   * Each image's renditions beside `images`, written by cart-service: a photo's (photos.ts's pictureOf), a drawing's
   * (images.ts's drawingPictureOf, decision 049). Pages render them as they are, so the rule that names renditions is
   * not in every page's first-load JavaScript.
   */
  pictures?: PictureSources[];
  /** The day the product's entry last changed (ISO 8601 date, `2026-11-20`): the sitemap's `lastmod`. */
  updatedAt: string;
  /** What can be ordered now, from the stock on hand (cart-service computes it; the threshold is its own). */
  availability: Availability;
}

/**
 * `low-stock` names how many units are left (under cart-service's threshold); `in-stock` never reveals the quantity.
 * An `out-of-stock` product cannot be added to a cart or ordered.
 */
export type Availability = { status: 'in-stock' } | { status: 'low-stock'; left: number } | { status: 'out-of-stock' };

/** The products a category listing shows (`all`: the whole catalogue), in catalogue order. */
export function productsInCategory<P extends Pick<Product, 'category'>>(products: readonly P[], category: Category | 'all'): readonly P[] {
  return category === 'all' ? products : products.filter((p) => p.category === category);
}

/** `GET /api/products`: one page of a listing (product-query.ts). */
export type ProductsResponse = ProductPage;

/** `GET /api/products/:idOrSlug`: the product and up to RELATED_PRODUCTS of its category, for its page. */
export interface ProductResponse {
  product: Product;
  related: Product[];
}
