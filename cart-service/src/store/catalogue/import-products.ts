import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, SHOP_LOCALES } from '@shop/contracts/locales';
import { foldText, searchDocument, searchWords } from './search-text';
import { priceRangeOf, recountCells } from './facet-cells';
import type { SqlClient, SqlQueryable } from '../../db/sql-client';
import { CatalogueError, type ImportReport, type ValidProduct } from '../catalogue';
import { recordAudit } from './catalogue-audit';
import { nextCatalogueGeneration } from './catalogue-generation';
import { changedFields, merchandisedOf, merchandisedRows } from './merchandised-rows';

/** Who the audit log names for a catalogue file's import. */
export const IMPORTED_BY = 'catalogue import';

/** Any number the other processes sharing the database also use: one import at a time (two first starts seed once), and a product made in the console takes the next place in the shop's order under it too. */
export const IMPORT_LOCK = 7_264_114;

/** Rows per statement: large enough that 100,000 products take a few hundred round trips, small enough for PGlite's memory. */
const BATCH = 2000;

/** What identifies an entry's content: an import rewrites a product only when this changed. */
export function digestOf(product: ValidProduct): string {
  const { initialStock: _stockIsNotTheEntry, ...entry } = product;
  return createHash('sha256').update(JSON.stringify(entry)).digest('base64url').slice(0, 22);
}

/** A price in MAD (at most two decimals, catalogue-file.ts) as the integer centimes the database keeps. */
export const centimes = (mad: number) => Math.round(mad * 100);

/**
 * Writes a validated catalogue in one transaction: products new to the database get the next places in the shop's
 * order and their initial stock; products whose entry changed are rewritten (their place and stock kept); the others
 * are not touched, so importing the same file twice writes nothing. Products of the database that the file does not
 * name are kept. A slug the file gives one product while another product of the database keeps it is refused, with
 * nothing written. With `onlyIntoEmpty` (the seed at a first start), a catalogue that has products is left as it is:
 * instances starting together on one new database seed it once.
 */
export function importProducts(
  db: SqlClient,
  products: readonly ValidProduct[],
  { onlyIntoEmpty = false, by = IMPORTED_BY }: { onlyIntoEmpty?: boolean; by?: string } = {},
): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
    if (onlyIntoEmpty && (await tx.query('SELECT 1 FROM products LIMIT 1')).rows.length > 0) return { added: 0, updated: 0, unchanged: 0 };
    await tx.query('SET CONSTRAINTS products_slug_key DEFERRED');
    const { rows: known } = await tx.query<{ id: string; entry_digest: string }>('SELECT id, entry_digest FROM products');
    const digests = new Map(known.map((row) => [row.id, row.entry_digest]));
    const changed: Array<{ product: ValidProduct; digest: string; added: boolean }> = [];
    for (const product of products) {
      const digest = digestOf(product);
      const before = digests.get(product.id);
      if (before !== digest) changed.push({ product, digest, added: before === undefined });
    }
    await refuseTakenSlugs(tx, products);
    const { rows: last } = await tx.query<{ position: number }>('SELECT COALESCE(max(position), 0) AS position FROM products');
    let next = last[0]!.position;
    const positions = new Map<string, number>();
    for (const { product, added } of changed) if (added) positions.set(product.id, (next += 1));
    const at = new Date();
    for (let start = 0; start < changed.length; start += BATCH) {
      const batch = changed.slice(start, start + BATCH);
      const updated = batch.filter((c) => !c.added).map((c) => c.product.id);
      const before = await merchandisedRows(tx, updated);
      await writeProducts(tx, batch, positions);
      const after = await merchandisedRows(tx, updated);
      await recordAudit(
        tx,
        batch.map(({ product, added }) => ({
          productId: product.id,
          productName: product.texts[DEFAULT_LOCALE].name,
          action: 'imported' as const,
          by,
          at,
          // A new product's fields are all in the log's next entries if it changes; its creation is the entry itself.
          changes: added ? [] : changedFields(merchandisedOf(before.get(product.id)!), merchandisedOf(after.get(product.id)!)),
        })),
      );
    }
    if (changed.length > 0) {
      await recountCells(tx);
      await nextCatalogueGeneration(tx);
    }
    const added = changed.filter((c) => c.added).length;
    return { added, updated: changed.length - added, unchanged: products.length - changed.length };
  });
}

async function refuseTakenSlugs(tx: SqlQueryable, products: readonly ValidProduct[]): Promise<void> {
  const { rows } = await tx.query<{ id: string; slug: string }>(
    'SELECT id, slug FROM products WHERE slug = ANY($1::text[]) AND NOT (id = ANY($2::text[]))',
    [products.map((p) => p.slug), products.map((p) => p.id)],
  );
  if (rows.length === 0) return;
  const takers = new Map(products.map((p) => [p.slug, p.id]));
  const lines = rows.map((row) => `  - ${takers.get(row.slug)}: slug "${row.slug}" belongs to product ${row.id}, which this file does not change`);
  throw new CatalogueError(`The catalogue was not imported:\n${lines.join('\n')}`);
}

/**
 * Writes products and their words (new ones in their place, with their initial stock): the import's batches and a
 * merchandiser's save alike. A product rewritten counts one more version, and its promotion becomes the entry's
 * (undated: a window is the console's, set after this in the same transaction).
 */
export async function writeProducts(tx: SqlQueryable, batch: ReadonlyArray<{ product: ValidProduct; digest: string }>, positions: ReadonlyMap<string, number>) {
  const column = <T>(pick: (entry: { product: ValidProduct; digest: string }) => T) => batch.map(pick);
  const documents = batch.map(({ product }) => searchDocument(SHOP_LOCALES.map((locale) => product.texts[locale])));
  // A product already known keeps its place: its position here is only used for a new row.
  await tx.query(
    `INSERT INTO products (id, slug, category, price_centimes, old_price_centimes, promo_old_price_centimes, images, position, updated_on, search_names, search_vector, entry_digest, price_range)
     SELECT id, slug, category, price, old_price, old_price, images::jsonb, position, updated_on::date, names,
            setweight(to_tsvector('simple', names), 'A') || setweight(to_tsvector('simple', descriptions), 'B'), digest, price_range
     FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::integer[], $6::text[], $7::integer[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
       AS entry (id, slug, category, price, old_price, images, position, updated_on, names, descriptions, digest, price_range)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, category = EXCLUDED.category, price_centimes = EXCLUDED.price_centimes, price_range = EXCLUDED.price_range,
       old_price_centimes = EXCLUDED.old_price_centimes, images = EXCLUDED.images, updated_on = EXCLUDED.updated_on,
       search_names = EXCLUDED.search_names, search_vector = EXCLUDED.search_vector, entry_digest = EXCLUDED.entry_digest,
       promo_old_price_centimes = EXCLUDED.old_price_centimes, promo_starts_at = NULL, promo_ends_at = NULL,
       version = products.version + 1, changed_at = now()`,
    [
      column((e) => e.product.id),
      column((e) => e.product.slug),
      column((e) => e.product.category),
      column((e) => centimes(e.product.price)),
      column((e) => (e.product.oldPrice === undefined ? null : centimes(e.product.oldPrice))),
      column((e) => JSON.stringify(e.product.images)),
      // A known product keeps its place: it takes the UPDATE path, which leaves position alone, so this -1 is never written.
      column((e) => positions.get(e.product.id) ?? -1),
      column((e) => e.product.updatedAt),
      documents.map((d) => d.names),
      documents.map((d) => d.descriptions),
      column((e) => e.digest),
      column((e) => priceRangeOf(e.product.price)),
    ],
  );
  const texts = batch.flatMap(({ product }) => SHOP_LOCALES.map((locale) => ({ id: product.id, locale, ...product.texts[locale] })));
  await tx.query(
    `INSERT INTO product_texts (product_id, locale, name, description, name_key)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (product_id, locale) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, name_key = EXCLUDED.name_key`,
    [texts.map((t) => t.id), texts.map((t) => t.locale), texts.map((t) => t.name), texts.map((t) => t.description), texts.map((t) => foldText(t.name))],
  );
  // The names' words, for correcting a misspelt search (alike-words.ts); a word no longer used does no harm.
  const vocabulary = new Set(texts.flatMap((t) => searchWords(t.name)));
  await tx.query('INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT (word) DO NOTHING', [[...vocabulary]]);
  const added = batch.filter(({ product }) => positions.has(product.id));
  if (added.length > 0) {
    // A product seen for the first time starts with its initial stock; one known before (removed, then back) keeps its own.
    await tx.query(
      `INSERT INTO stock (product_id, on_hand, updated_at) SELECT id, on_hand, now() FROM unnest($1::text[], $2::integer[]) AS seed (id, on_hand)
       ON CONFLICT (product_id) DO NOTHING`,
      [added.map((e) => e.product.id), added.map((e) => e.product.initialStock)],
    );
  }
}
