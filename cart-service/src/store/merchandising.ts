import type { CatalogueAuditPage, MerchandisedProduct, MerchandisedProductsPage, ProductDraft, ProductEdit, ProductPhoto } from '@shop/contracts/merchandising';

/** Who makes a change, and when (the audit log's `by` and `at`). */
export interface Author {
  by: string;
  at: Date;
}

/** A merchandiser's list: searched and paged by the database, archived products only when asked for. */
export interface MerchandisingQuery {
  q?: string | undefined;
  archived: boolean;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The catalogue as merchandisers run it (decision 043): every write is one transaction that checks the version it was
 * read at, records the audit log's entry, keeps the facet cells exact and moves the catalogue's generation on, so what
 * shoppers see changes on every instance at the next page load.
 */
export interface MerchandisingStore {
  merchandisedProducts(query: MerchandisingQuery): Promise<MerchandisedProductsPage>;
  merchandisedProduct(id: string): Promise<MerchandisedProduct | undefined>;
  /** `images` are the new product's (its drawing until it has photos). */
  createProduct(draft: ProductDraft, images: readonly string[], author: Author): Promise<MerchandisedProduct>;
  updateProduct(id: string, edit: ProductEdit, author: Author): Promise<MerchandisedProduct>;
  setArchived(id: string, archived: boolean, version: number, author: Author): Promise<MerchandisedProduct>;
  adjustProductStock(id: string, delta: number, reason: string, author: Author): Promise<MerchandisedProduct>;
  /** A photo made by the pipeline, after the others (MAX_PHOTOS at most: TooManyPhotosError). */
  addPhoto(id: string, version: number, photo: ProductPhoto, author: Author): Promise<MerchandisedProduct>;
  /** The product's photos as given: some kept, reordered, their texts changed; one it does not have is UnknownPhotoError. */
  arrangePhotos(id: string, version: number, photos: readonly ProductPhoto[], author: Author): Promise<MerchandisedProduct>;
  catalogueAudit(productId: string | null, cursor: string | undefined): Promise<CatalogueAuditPage>;
  /** Promotions whose window opened or closed by `now` start or end (the promotion clock); how many changed. */
  applyPromotionWindows(now: Date): Promise<number>;
}

export class ProductNotFoundError extends Error {
  constructor() {
    super('product not found');
    this.name = 'ProductNotFoundError';
  }
}

/** The save was made from another version than the product's: nothing was written. */
export class StaleVersionError extends Error {
  constructor(readonly current: MerchandisedProduct) {
    super('stale version');
    this.name = 'StaleVersionError';
  }
}

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`slug taken: ${slug}`);
    this.name = 'SlugTakenError';
  }
}

/** An adjustment that would take stock below zero: nothing was written. */
export class StockBelowZeroError extends Error {
  constructor(readonly onHand: number) {
    super('stock below zero');
    this.name = 'StockBelowZeroError';
  }
}

export class TooManyPhotosError extends Error {
  constructor() {
    super('too many photos');
    this.name = 'TooManyPhotosError';
  }
}

/** An arrangement naming a photo the product does not have (another save changed them). */
export class UnknownPhotoError extends Error {
  constructor() {
    super('unknown photo');
    this.name = 'UnknownPhotoError';
  }
}
