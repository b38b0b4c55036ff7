import { DEFAULT_LOCALE } from '@shop/contracts/locales';
import type { MerchandisedProduct, MerchandisedProductsPage, ProductFields, ProductPhoto } from '@shop/contracts/merchandising';
import { MAX_PHOTOS } from '@shop/contracts/photos';
import type { SqlClient, SqlQueryable } from '../../db/sql-client';
import { sqlState } from '../../db/sql-client';
import {
  ProductNotFoundError,
  SlugTakenError,
  StaleVersionError,
  StockBelowZeroError,
  TooManyPhotosError,
  UnknownPhotoError,
  type Author,
  type ImportedRow,
  type MerchandisingQuery,
  type RowsImport,
  type RowsImportOutcome,
  type MerchandisingStore,
} from '../merchandising';
import { adjustLockedStock } from '../sql-stock';
import { auditPage, recordAudit } from './catalogue-audit';
import { nextCatalogueGeneration } from './catalogue-generation';
import { noteCatalogueChange } from './catalogue-changes';
import { moveBetweenCells } from './facet-cells';
import { digestOf, IMPORT_LOCK, writeProducts } from './import-products';
import { cellPlaceOf, changedFields, MERCHANDISED_COLUMNS, merchandisedOf, merchandisedRows, type MerchandisedRow } from './merchandised-rows';
import { entryOf, newProductId, runningPromotion, writePromotions } from './merchandised-writes';
import { importRows, productsInShopOrder } from './csv-import';
import { searchQuery } from './search-text';

export class SqlMerchandising implements MerchandisingStore {
  constructor(private readonly db: SqlClient) {}

  async merchandisedProducts(query: MerchandisingQuery): Promise<MerchandisedProductsPage> {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const where = [query.archived ? 'TRUE' : 'NOT p.archived'];
    const raw = query.q?.trim() ?? '';
    const search = raw ? searchQuery(raw) : null;
    if (raw) {
      // Words of a name or description in either language, or a product's exact id or slug.
      const exact = `(p.id = ${add(raw)} OR p.slug = ${add(raw)})`;
      where.push(search ? `(p.search_vector @@ to_tsquery('simple', ${add(search.tsquery)}) OR ${exact})` : exact);
    }
    const { rows: counted } = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p WHERE ${where.join(' AND ')}`, params);
    // Newest first; the cursor is the last product's place in the shop's order.
    const after = query.cursor && /^-?[0-9]{1,10}$/.test(query.cursor) ? Number(query.cursor) : null;
    if (after !== null) where.push(`p.position < ${add(after)}`);
    const { rows } = await this.db.query<MerchandisedRow>(
      `SELECT ${MERCHANDISED_COLUMNS} FROM products p LEFT JOIN stock s ON s.product_id = p.id
       WHERE ${where.join(' AND ')} ORDER BY p.position DESC LIMIT ${add(query.limit + 1)}`,
      params,
    );
    const shown = rows.slice(0, query.limit);
    return {
      products: shown.map(merchandisedOf),
      total: counted[0]!.total,
      nextCursor: rows.length > query.limit ? String(shown.at(-1)!.position) : null,
    };
  }

  async merchandisedProduct(id: string): Promise<MerchandisedProduct | undefined> {
    const row = (await merchandisedRows(this.db, [id])).get(id);
    return row ? merchandisedOf(row) : undefined;
  }

  createProduct(draft: ProductFields & { initialStock?: number }, images: readonly string[], author: Author): Promise<MerchandisedProduct> {
    const id = newProductId();
    return this.write(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      await refuseTakenSlug(tx, draft.slug, id);
      const { rows } = await tx.query<{ position: number }>('SELECT COALESCE(max(position), 0) + 1 AS position FROM products');
      const entry = { ...entryOf(id, draft, images, author.at), initialStock: draft.initialStock ?? 0 };
      await writeProducts(tx, [{ product: entry, digest: digestOf(entry) }], new Map([[id, rows[0]!.position]]));
      await writePromotions(tx, [{ id, promotion: draft.promotion }], author.at);
      const row = await locked(tx, id);
      await moveBetweenCells(tx, null, cellPlaceOf(row));
      const product = merchandisedOf(row);
      await recordAudit(tx, [{ productId: id, productName: draft.texts[DEFAULT_LOCALE].name, action: 'created', ...author, changes: changedFields(null, product) }]);
      return product;
    });
  }

  updateProduct(id: string, edit: ProductFields & { version: number }, author: Author): Promise<MerchandisedProduct> {
    return this.write(async (tx) => {
      const row = await lockedAt(tx, id, edit.version);
      await refuseTakenSlug(tx, edit.slug, id);
      const entry = entryOf(id, edit, row.images, author.at);
      await writeProducts(tx, [{ product: entry, digest: digestOf(entry) }], new Map());
      await writePromotions(tx, [{ id, promotion: edit.promotion }], author.at);
      const after = await locked(tx, id);
      await moveBetweenCells(tx, cellPlaceOf(row), cellPlaceOf(after));
      const product = merchandisedOf(after);
      await recordAudit(tx, [{ productId: id, productName: edit.texts[DEFAULT_LOCALE].name, action: 'updated', ...author, changes: changedFields(merchandisedOf(row), product) }]);
      return product;
    });
  }

  setArchived(id: string, archived: boolean, version: number, author: Author): Promise<MerchandisedProduct> {
    return this.write(async (tx) => {
      const row = await lockedAt(tx, id, version);
      if (row.archived === archived) return merchandisedOf(row);
      await tx.query('UPDATE products SET archived = $2, version = version + 1, changed_at = $3::timestamptz, updated_on = $3::timestamptz::date WHERE id = $1', [id, archived, author.at.toISOString()]);
      const after = await locked(tx, id);
      await moveBetweenCells(tx, cellPlaceOf(row), cellPlaceOf(after));
      const product = merchandisedOf(after);
      await recordAudit(tx, [
        { productId: id, productName: product.texts[DEFAULT_LOCALE].name, action: archived ? 'archived' : 'restored', ...author, changes: changedFields(merchandisedOf(row), product) },
      ]);
      return product;
    });
  }

  adjustProductStock(id: string, delta: number, reason: string, author: Author): Promise<MerchandisedProduct> {
    return this.write(async (tx) => {
      const row = await locked(tx, id);
      const { rows } = await tx.query<{ on_hand: number }>('SELECT on_hand FROM stock WHERE product_id = $1 FOR UPDATE', [id]);
      const before = rows[0]?.on_hand ?? 0;
      if (before + delta < 0) throw new StockBelowZeroError(before);
      const onHand = await adjustLockedStock(tx, id, before, delta, author.at.getTime(), reason);
      const product = { ...merchandisedOf(row), onHand };
      await recordAudit(tx, [
        { productId: id, productName: product.texts[DEFAULT_LOCALE].name, action: 'stock_adjusted', ...author, changes: [{ field: 'onHand', before, after: onHand }], reason },
      ]);
      return product;
    });
  }

  addPhoto(id: string, version: number, photo: ProductPhoto, author: Author): Promise<MerchandisedProduct> {
    return this.write(async (tx) => {
      const row = await lockedAt(tx, id, version);
      if (row.photos.length >= MAX_PHOTOS) throw new TooManyPhotosError();
      return writePhotos(tx, row, [...row.photos.filter((kept) => kept.image !== photo.image), photo], author);
    });
  }

  arrangePhotos(id: string, version: number, photos: readonly ProductPhoto[], author: Author): Promise<MerchandisedProduct> {
    return this.write(async (tx) => {
      const row = await lockedAt(tx, id, version);
      const known = new Set(row.photos.map((photo) => photo.image));
      if (photos.some((photo) => !known.has(photo.image)) || new Set(photos.map((photo) => photo.image)).size !== photos.length) throw new UnknownPhotoError();
      return writePhotos(tx, row, photos, author);
    });
  }

  catalogueAudit(productId: string | null, cursor: string | undefined) {
    return auditPage(this.db, productId, cursor);
  }

  merchandisedInShopOrder(after: number | null, limit: number) {
    return productsInShopOrder(this.db, after, limit);
  }

  importProductRows(rows: readonly ImportedRow[], options: RowsImport): Promise<RowsImportOutcome> {
    return importRows(this.db, rows, options);
  }

  async applyPromotionWindows(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const running = runningPromotion('promo_old_price_centimes', 'promo_starts_at', 'promo_ends_at', '$1::timestamptz');
      // Only planned windows can open or close with time: the partial index products_promo_window holds them.
      const { rows } = await tx.query<Pick<MerchandisedRow, 'id' | 'category' | 'price_range' | 'archived' | 'old_price_centimes' | 'on_hand'>>(
        `UPDATE products p SET old_price_centimes = ${running}
         WHERE promo_old_price_centimes IS NOT NULL AND (promo_starts_at IS NOT NULL OR promo_ends_at IS NOT NULL)
           AND old_price_centimes IS DISTINCT FROM ${running}
         RETURNING p.id, p.category, p.price_range, p.archived, p.old_price_centimes,
           (SELECT COALESCE(max(on_hand), 0) FROM stock WHERE product_id = p.id) AS on_hand`,
        [now.toISOString()],
      );
      for (const row of rows) {
        const place = cellPlaceOf(row);
        await moveBetweenCells(tx, place && { ...place, promo: !place.promo }, place);
      }
      if (rows.length > 0) await nextCatalogueGeneration(tx);
      // A price struck through or no longer, and the « promotions » filter: the products' pages and the listings.
      noteCatalogueChange(tx, rows.map((row) => row.id), { listings: rows.length > 0, cause: 'promotion window' });
      return rows.length;
    });
  }

  /** A change shoppers see: in one transaction with the generation moved on (answers kept from before are not used). */
  private async write<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        const result = await work(tx);
        await nextCatalogueGeneration(tx);
        return result;
      });
    } catch (error) {
      // Two saves giving one slug at once: the index refuses the second.
      if (sqlState(error) === '23505' && /slug/.test((error as Error).message)) throw new SlugTakenError('');
      throw error;
    }
  }
}

/** The product's photos replaced, its version moved on, the change logged. */
async function writePhotos(tx: SqlQueryable, row: MerchandisedRow, photos: readonly ProductPhoto[], author: Author): Promise<MerchandisedProduct> {
  await tx.query('UPDATE products SET photos = $2::jsonb, version = version + 1, changed_at = $3::timestamptz, updated_on = $3::timestamptz::date WHERE id = $1', [
    row.id,
    JSON.stringify(photos),
    author.at.toISOString(),
  ]);
  const product = merchandisedOf(await locked(tx, row.id));
  await recordAudit(tx, [{ productId: row.id, productName: product.texts[DEFAULT_LOCALE].name, action: 'updated', ...author, changes: changedFields(merchandisedOf(row), product) }]);
  return product;
}

/** The product's row, locked until the transaction ends. */
async function locked(tx: SqlQueryable, id: string): Promise<MerchandisedRow> {
  const row = (await merchandisedRows(tx, [id], { forUpdate: true })).get(id);
  if (!row) throw new ProductNotFoundError();
  return row;
}

/** The product locked, if it is still at the version the save was made from. */
async function lockedAt(tx: SqlQueryable, id: string, version: number): Promise<MerchandisedRow> {
  const row = await locked(tx, id);
  if (row.version !== version) throw new StaleVersionError(merchandisedOf(row));
  return row;
}

/** A slug is one product's address: neither another product's slug nor its id (`/api/products/:idOrSlug`). */
async function refuseTakenSlug(tx: SqlQueryable, slug: string, id: string): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM products WHERE (slug = $1 OR id = $1) AND id <> $2 LIMIT 1', [slug, id]);
  if (rows.length > 0) throw new SlugTakenError(slug);
}
