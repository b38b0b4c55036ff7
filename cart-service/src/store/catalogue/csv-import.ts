import { CATALOGUE_CSV_MESSAGES, type CatalogueCsvLineError } from '@shop/contracts/catalogue-csv';
import { DEFAULT_LOCALE, SHOP_LOCALES } from '@shop/contracts/locales';
import type { MerchandisedProduct, ProductFields } from '@shop/contracts/merchandising';
import type { SqlClient, SqlQueryable } from '../../db/sql-client';
import type { ImportedRow, RowsImport, RowsImportOutcome } from '../merchandising';
import { recordAudit } from './catalogue-audit';
import { nextCatalogueGeneration } from './catalogue-generation';
import { recountCells } from './facet-cells';
import { digestOf, IMPORT_LOCK, writeProducts } from './import-products';
import { changedFields, MERCHANDISED_COLUMNS, merchandisedOf, merchandisedRows, type MerchandisedRow } from './merchandised-rows';
import { entryOf, newProductId, writePromotions } from './merchandised-writes';

/** Rows per statement, as a catalogue file's import (import-products.ts): a few round trips per 10,000 lines. */
const BATCH = 2000;

/** Refusals found against the catalogue: thrown so that the transaction rolls back whatever it had locked. */
class Refused extends Error {
  constructor(readonly lines: CatalogueCsvLineError[]) {
    super('CSV lines refused');
  }
}

/** What a merchandiser sets of a product, field by field in a fixed order: a line equal to it changes nothing. */
function shown(fields: ProductFields, archived: boolean): string {
  const promotion = fields.promotion && [fields.promotion.oldPrice, fields.promotion.startsAt, fields.promotion.endsAt];
  const texts = SHOP_LOCALES.map((locale) => [fields.texts[locale].name, fields.texts[locale].description]);
  return JSON.stringify([fields.slug, fields.category, fields.price, promotion, texts, archived]);
}

const sameAs = (product: MerchandisedProduct, row: ImportedRow) => shown(product, product.archived) === shown(row.fields, row.archived);

/**
 * A CSV file's lines (issue 61), in one transaction under the import lock: the products the file names are locked and
 * compared with the versions exported, slugs with the catalogue's, and any refusal writes nothing. Then new products
 * take the next places in the shop's order with their initial stock; changed ones are rewritten through writeProducts
 * (as a console save), their promotion and archiving set, each with an audit entry `imported` by the operator; lines
 * equal to their product are not touched. The facet cells are recounted and the generation moved on, as an import does.
 */
export async function importRows(db: SqlClient, rows: readonly ImportedRow[], options: RowsImport): Promise<RowsImportOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      // Two products may swap slugs in one file: the unique index is checked at commit.
      await tx.query('SET CONSTRAINTS products_slug_key DEFERRED');
      const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
      const current = new Map<string, MerchandisedRow>();
      for (let start = 0; start < ids.length; start += BATCH) {
        for (const [id, row] of await merchandisedRows(tx, ids.slice(start, start + BATCH), { forUpdate: true })) current.set(id, row);
      }
      const refused = [...staleOrUnknown(rows, current), ...(await takenSlugs(tx, rows))];
      if (refused.length > 0 || options.checkOnly) throw new Refused(refused);

      const { author, progress } = options;
      const changes: Array<{ row: ImportedRow; id: string; before: MerchandisedProduct | null }> = [];
      for (const row of rows) {
        const before = row.id ? merchandisedOf(current.get(row.id)!) : null;
        if (!before || !sameAs(before, row)) changes.push({ row, id: row.id ?? newProductId(), before });
      }
      const { rows: last } = await tx.query<{ position: number }>('SELECT COALESCE(max(position), 0) AS position FROM products');
      let next = last[0]!.position;
      const positions = new Map(changes.filter((change) => !change.before).map((change) => [change.id, (next += 1)]));
      await progress?.(0, changes.length);
      for (let start = 0; start < changes.length; start += BATCH) {
        const batch = changes.slice(start, start + BATCH);
        const entries = batch.map(({ row, id, before }) => {
          const product = { ...entryOf(id, row.fields, before?.images ?? options.images, author.at), initialStock: row.initialStock };
          return { product, digest: digestOf(product) };
        });
        await writeProducts(tx, entries, positions);
        await writePromotions(tx, batch.map(({ row, id }) => ({ id, promotion: row.fields.promotion })), author.at);
        // writeProducts counted the rewrite's version; archiving in the same line is part of that one change.
        await tx.query(
          `UPDATE products p SET archived = e.archived FROM unnest($1::text[], $2::boolean[]) AS e (id, archived)
           WHERE p.id = e.id AND p.archived IS DISTINCT FROM e.archived`,
          [batch.map((change) => change.id), batch.map((change) => change.row.archived)],
        );
        const after = await merchandisedRows(tx, batch.map((change) => change.id));
        await recordAudit(
          tx,
          batch.map(({ row, id, before }) => ({
            productId: id,
            productName: row.fields.texts[DEFAULT_LOCALE].name,
            action: 'imported' as const,
            by: author.by,
            at: author.at,
            changes: changedFields(before, merchandisedOf(after.get(id)!)),
          })),
        );
        await progress?.(start + batch.length, changes.length);
      }
      if (changes.length > 0) {
        await recountCells(tx);
        await nextCatalogueGeneration(tx);
      }
      const added = positions.size;
      return { ok: true as const, result: { added, updated: changes.length - added, unchanged: rows.length - changes.length } };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, lines: error.lines };
    throw error;
  }
}

/** A line naming no product of the catalogue, or one changed since the export (a stale line never overwrites). */
function staleOrUnknown(rows: readonly ImportedRow[], current: ReadonlyMap<string, MerchandisedRow>): CatalogueCsvLineError[] {
  const refused: CatalogueCsvLineError[] = [];
  for (const row of rows) {
    if (!row.id) continue;
    const product = current.get(row.id);
    if (!product) refused.push({ line: row.line, field: 'id', message: CATALOGUE_CSV_MESSAGES.unknownId(row.id) });
    else if (product.version !== row.version) {
      refused.push({ line: row.line, field: 'version', message: CATALOGUE_CSV_MESSAGES.staleVersion(row.version ?? 0, product.version) });
    }
  }
  return refused;
}

/**
 * A slug is one product's address: another product's id is never free, and another product's slug is free only if the
 * file gives that product another one (two products may swap).
 */
async function takenSlugs(tx: SqlQueryable, rows: readonly ImportedRow[]): Promise<CatalogueCsvLineError[]> {
  const slugs = [...new Set(rows.map((row) => row.fields.slug))];
  const { rows: holders } = await tx.query<{ id: string; slug: string }>('SELECT id, slug FROM products WHERE slug = ANY($1::text[]) OR id = ANY($1::text[])', [slugs]);
  const slugInFile = new Map(rows.flatMap((row) => (row.id ? [[row.id, row.fields.slug] as const] : [])));
  const keptBy = new Map<string, string>();
  for (const holder of holders) {
    const moved = slugInFile.get(holder.id);
    if (moved === undefined || moved === holder.slug) keptBy.set(holder.slug, holder.id);
  }
  for (const holder of holders) keptBy.set(holder.id, holder.id);
  return rows
    .filter((row) => {
      const holder = keptBy.get(row.fields.slug);
      return holder !== undefined && holder !== row.id;
    })
    .map((row) => ({ line: row.line, field: 'slug' as const, message: CATALOGUE_CSV_MESSAGES.slugTaken(row.fields.slug) }));
}

/** Every product, archived ones too, in the shop's order: `limit` of them after the place `after`, read by keyset. */
export async function productsInShopOrder(db: SqlQueryable, after: number | null, limit: number) {
  const { rows } = await db.query<MerchandisedRow>(
    `SELECT ${MERCHANDISED_COLUMNS} FROM products p LEFT JOIN stock s ON s.product_id = p.id
     WHERE ($1::integer IS NULL OR p.position > $1::integer) ORDER BY p.position LIMIT $2`,
    [after, limit],
  );
  return { products: rows.map(merchandisedOf), next: rows.length === limit ? rows.at(-1)!.position : null };
}
