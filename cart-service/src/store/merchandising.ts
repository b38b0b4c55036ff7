import type { CatalogueCsvLineError, CatalogueCsvResult } from '@shop/contracts/catalogue-csv';
import type { CatalogueAuditPage, MerchandisedProduct, MerchandisedProductsPage, ProductDraft, ProductEdit, ProductFields, ProductPhoto } from '@shop/contracts/merchandising';

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

/** One line of a CSV import, its fields already checked (catalogue-csv-rows.ts): a new product when `id` is null. */
export interface ImportedRow {
  /** The spreadsheet's row number, for the refusals. */
  line: number;
  id: string | null;
  /** The version exported (null for a new product). */
  version: number | null;
  fields: ProductFields;
  archived: boolean;
  /** A new product's units; an existing product's stock is never set by a file. */
  initialStock: number;
}

export interface RowsImport {
  author: Author;
  /** A new product's images (the drawing of a product without photo). */
  images: readonly string[];
  /** Other lines were already refused: check these against the catalogue to list every refusal, and write nothing. */
  checkOnly: boolean;
  /** Called as rows are written: `done` of `total` (the rows that change something). */
  progress?: (done: number, total: number) => void | Promise<void>;
}

export type RowsImportOutcome = { ok: true; result: CatalogueCsvResult } | { ok: false; lines: CatalogueCsvLineError[] };

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
  /** Every product, archived ones too, in the shop's order: `limit` after the place `after` (keyset), and the next place. */
  merchandisedInShopOrder(after: number | null, limit: number): Promise<{ products: MerchandisedProduct[]; next: number | null }>;
  /**
   * A CSV file's lines in one transaction, after checking them against the catalogue under the import lock (unknown
   * ids, versions changed since the export, slugs of other products): any refusal writes nothing.
   */
  importProductRows(rows: readonly ImportedRow[], options: RowsImport): Promise<RowsImportOutcome>;
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
