/**
 * The catalogue as merchandisers run it (issue 61): cart-service's `/admin/products` API, which the operators' console
 * calls for an operator with the `catalogue` role (release-control's `/operations/api/catalogue/…`, same bodies and
 * answers). Prices are in MAD with at most two decimals; every refusal is `{error: {code, message}}` in French.
 *
 *   GET    /admin/products?q=&archived=true&cursor=&limit= → MerchandisedProductsPage (searched and paged by the database;
 *                                                           archived products too with archived=true)
 *   POST   /admin/products              ProductDraft      → MerchandisedProductResponse (201) | 400 | 409 slug_taken
 *   GET    /admin/products/:id                            → MerchandisedProductResponse | 404
 *   PUT    /admin/products/:id          ProductEdit       → MerchandisedProductResponse | 400 | 404
 *                                                           | 409 stale_version {current} | 409 slug_taken
 *   POST   /admin/products/:id/archive  {version}         → MerchandisedProductResponse | 409 stale_version {current}
 *   POST   /admin/products/:id/restore  {version}         → MerchandisedProductResponse | 409 stale_version {current}
 *   POST   /admin/products/:id/stock    StockAdjustment   → MerchandisedProductResponse | 409 out_of_stock
 *   POST   /admin/products/:id/photos?version=&alt.fr-MA=&alt.ar-MA=  the photo's bytes (JPEG, PNG or WebP, ≤ 10 MB)
 *                                                         → MerchandisedProductResponse (201) | 413 | 415 | 422 | 409
 *   PUT    /admin/products/:id/photos   PhotosArrangement → MerchandisedProductResponse | 409 stale_version {current}
 *   GET    /admin/products/:id/audit?cursor=              → CatalogueAuditPage (newest first)
 *   GET    /admin/catalogue/audit?cursor=                 → CatalogueAuditPage (every product, newest first)
 *
 * Writes name who made them in `X-Operator` (release-control sets it from the operator's session or token; cart-service
 * trusts it only behind its admin token). A save carries the `version` it was read at: another save in between answers
 * 409 `stale_version` with the product as it now is (`current`), and nothing is written.
 */
import type { ShopLocale } from './locales';
import type { Category } from './products';

/** Products per page of the console's list. */
export const MERCHANDISING_PAGE_SIZE = 25;
/** At most this many products per page when a script asks. */
export const MERCHANDISING_MAX_PAGE_SIZE = 100;
/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 50;
/** A stock adjustment's reason, in characters. */
export const STOCK_REASON_MAX = 200;

/** A product's name and description, in characters: what a catalogue file and a merchandiser's save are held to. */
export const PRODUCT_TEXT_LIMITS = { name: { min: 2, max: 120 }, description: { min: 10, max: 400 } } as const;

/** A product's words in one shop language. */
export interface ProductTexts {
  name: string;
  description: string;
}

/**
 * A promotion: the price before it (`oldPrice`, higher than the price), shown struck through while it runs. Without
 * dates it runs until it is removed; with them, from `startsAt` (included) to `endsAt` (excluded), ISO 8601 instants.
 */
export interface Promotion {
  oldPrice: number;
  startsAt: string | null;
  endsAt: string | null;
}

/** What a merchandiser writes: a new product's body, and every field of an edit. */
export interface ProductFields {
  slug: string;
  category: Category;
  price: number;
  promotion: Promotion | null;
  texts: Record<ShopLocale, ProductTexts>;
}

/** `POST /admin/products`: a new product, with the units it starts with (0 if absent). */
export interface ProductDraft extends ProductFields {
  initialStock?: number;
}

/** `PUT /admin/products/:id`: every field, and the version the edit was made from. */
export interface ProductEdit extends ProductFields {
  version: number;
}

/** `POST /admin/products/:id/stock`: units received (+) or written off (−), and why. */
export interface StockAdjustment {
  delta: number;
  reason: string;
}

/** A product's photo: its largest JPEG (contracts' photos.ts names the others) and its alternative text per language. */
export interface ProductPhoto {
  image: string;
  alt: Record<ShopLocale, string>;
}

/** A photo's alternative text, in characters. */
export const PHOTO_ALT_MAX = 200;

/** `PUT /admin/products/:id/photos`: the photos kept, in the order shown, their texts changed (none added here). */
export interface PhotosArrangement {
  version: number;
  photos: ProductPhoto[];
}

/** A product as the console shows it: every language, its promotion, whether it is archived, its stock, its version. */
export interface MerchandisedProduct extends ProductFields {
  id: string;
  /** The drawings the shop shows while the product has no photo. */
  images: string[];
  photos: ProductPhoto[];
  /** Hidden from the shop (listings, search, its page, the sitemap); carts and orders that hold it keep it. */
  archived: boolean;
  /** Whether the promotion runs now (its dates, if any, include this moment). */
  onPromotionNow: boolean;
  onHand: number;
  /** Counts up from 1 with every change of the product (stock aside). */
  version: number;
  /** ISO 8601: the last change. */
  updatedAt: string;
}

export interface MerchandisedProductResponse {
  product: MerchandisedProduct;
}

export interface MerchandisedProductsPage {
  products: MerchandisedProduct[];
  total: number;
  nextCursor: string | null;
}

/** `409 stale_version`: the envelope, and the product as it is now, to show beside what was typed. */
export interface StaleVersionError {
  error: { code: 'stale_version'; message: string };
  current: MerchandisedProduct;
}

export type CatalogueAuditAction = 'created' | 'updated' | 'archived' | 'restored' | 'stock_adjusted' | 'imported';

/** One change of the catalogue: who, when, what, and each changed field's value before and after. */
export interface CatalogueAuditEntry {
  id: number;
  productId: string;
  /** The product's French name when the change was made. */
  productName: string;
  action: CatalogueAuditAction;
  /** The operator's name (`catalogue import` for the command line). */
  by: string;
  at: string;
  /** Only the fields that changed: `texts.ar-MA.name`, `price`, `promotion`, `onHand`… */
  changes: Array<{ field: string; before: unknown; after: unknown }>;
  /** A stock adjustment's reason. */
  reason?: string;
}

export interface CatalogueAuditPage {
  entries: CatalogueAuditEntry[];
  nextCursor: string | null;
}

/** The operator behind a write, as release-control names it to cart-service. */
export const OPERATOR_HEADER = 'X-Operator';

/** French messages both services and the console show. */
export const MERCHANDISING_MESSAGES = {
  staleVersion: 'Ce produit a été modifié entre-temps : voici ses valeurs actuelles, à côté de ce que vous aviez saisi. Rien n’a été enregistré.',
  slugTaken: (slug: string) => `L’adresse « ${slug} » est déjà celle d’un autre produit.`,
  productNotFound: 'Produit introuvable.',
  stockBelowZero: (onHand: number) => `Le stock ne peut pas passer sous zéro : ${onHand} unité(s) en stock.`,
  photoTooHeavy: 'La photo dépasse 10 Mo : envoyez-la plus légère.',
  tooManyPhotos: (max: number) => `Un produit a ${max} photos au plus : retirez-en une d’abord.`,
  unknownPhoto: 'Une des photos n’est plus celle de ce produit : rechargez-le.',
  reasonRequired: 'Indiquez la raison de l’ajustement.',
} as const;
