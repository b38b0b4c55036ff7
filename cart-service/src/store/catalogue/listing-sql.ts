import { createHash } from 'node:crypto';
import { PRICE_RANGE_NAMES, PRICE_RANGES, type PriceRange, type ProductQuery } from '@shop/contracts/product-query';
import { CursorError } from '../catalogue';

/**
 * A listing query as SQL (decision 041). Pages are read by keyset: the cursor holds the last product's sort values,
 * so the next page starts right after it whatever was added or removed before it (no duplicate, no gap), and every
 * page costs one index range whatever its depth.
 *
 * A search is a full-text query (`to_tsquery('simple', …)`) on folded words: every word must match, the last as a
 * prefix. When that finds nothing, each word is replaced by the most alike words of the names' vocabulary (a
 * misspelling: sql-catalogue.ts); the mode is kept in the cursor so every page of one list reads the same way.
 */
export type SearchMode = 'words' | 'alike';

export interface Sql {
  text: string;
  params: unknown[];
}

/** Parameters are numbered in the order they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type SortName = 'shop' | 'relevance' | 'price-up' | 'price-down' | 'newest' | 'name';

function sortOf(query: ProductQuery, searching: boolean): SortName {
  switch (query.sort) {
    case 'prix-croissant':
      return 'price-up';
    case 'prix-decroissant':
      return 'price-down';
    case 'nouveautes':
      return 'newest';
    case 'nom':
      return 'name';
    default:
      return searching ? 'relevance' : 'shop';
  }
}

const CENTIMES = 100;

function priceCondition(range: PriceRange, params: Params): string {
  const bounds: { below?: number; from?: number; to?: number; above?: number } = PRICE_RANGES[range];
  if (bounds.below !== undefined) return `p.price_centimes < ${params.add(bounds.below * CENTIMES)}`;
  if (bounds.above !== undefined) return `p.price_centimes > ${params.add(bounds.above * CENTIMES)}`;
  return `p.price_centimes BETWEEN ${params.add(bounds.from! * CENTIMES)} AND ${params.add(bounds.to! * CENTIMES)}`;
}

const IN_STOCK = 'COALESCE(s.on_hand, 0) > 0';
const ON_PROMOTION = 'p.old_price_centimes IS NOT NULL';

/** The query's conditions, each on its own: facets leave out their own one (never `shown`: an archived product is in no list). */
function conditions(query: ProductQuery, params: Params) {
  return {
    shown: 'NOT p.archived',
    category: query.category === 'all' ? 'TRUE' : `p.category = ${params.add(query.category)}`,
    price: query.price ? priceCondition(query.price, params) : 'TRUE',
    promo: query.promo ? ON_PROMOTION : 'TRUE',
    stock: query.inStock ? IN_STOCK : 'TRUE',
    ids: query.ids ? `(p.id = ANY(${params.add(query.ids)}::text[]) OR p.slug = ANY(${params.add(query.ids)}::text[]))` : 'TRUE',
  };
}

/** The search's condition and its rank (rounded, so a cursor carries it exactly), or none. */
function searchTerms(tsquery: string | null, params: Params): { where: string; rank: string } | null {
  if (tsquery === null) return null;
  const text = `to_tsquery('simple', ${params.add(tsquery)})`;
  return { where: `p.search_vector @@ ${text}`, rank: `round(ts_rank(p.search_vector, ${text})::numeric, 6)` };
}

/** Counts for the filters, each leaving out its own condition (ProductFacets); also the total. */
export function facetsSql(query: ProductQuery, tsquery: string | null): Sql {
  const params = new Params();
  const c = conditions(query, params);
  const search = searchTerms(tsquery, params);
  const all = (...except: Array<keyof typeof c>) =>
    (Object.keys(c) as Array<keyof typeof c>)
      .filter((name) => !except.includes(name))
      .map((name) => c[name])
      .join(' AND ');
  const categories = ['face', 'body', 'hair', 'pack'].map((category) => `count(*) FILTER (WHERE p.category = '${category}' AND ${all('category')})::int AS "${category}"`);
  const prices = PRICE_RANGE_NAMES.map((range) => `count(*) FILTER (WHERE ${priceCondition(range, params)} AND ${all('price')})::int AS "${range}"`);
  return {
    text: `SELECT count(*) FILTER (WHERE ${all()})::int AS total, ${[...categories, ...prices].join(', ')},
      count(*) FILTER (WHERE ${ON_PROMOTION} AND ${all('promo')})::int AS promo,
      count(*) FILTER (WHERE ${IN_STOCK} AND ${all('stock')})::int AS in_stock
      FROM products p LEFT JOIN stock s ON s.product_id = p.id
      WHERE ${search ? search.where : 'TRUE'}`,
    params: params.values,
  };
}

interface CursorData {
  /** The query it belongs to (fingerprint). */
  q: string;
  m: SearchMode;
  /** The last product's sort value (a number, a rank or a name) and its place. */
  k: [string | number | null, number];
}

/** Everything that decides which products and in which order: a cursor is only valid for the same. */
function fingerprint(query: ProductQuery): string {
  const { limit: _limit, cursor: _cursor, ...rest } = query;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 10);
}

export function readCursor(query: ProductQuery): CursorData | undefined {
  if (!query.cursor) return undefined;
  try {
    const data = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as CursorData;
    const [value, place] = Array.isArray(data.k) ? data.k : [];
    const valueOk = value === null || typeof value === 'string' || typeof value === 'number';
    if (data.q !== fingerprint(query) || (data.m !== 'words' && data.m !== 'alike') || !valueOk || !Number.isInteger(place)) throw new CursorError();
    return data;
  } catch {
    throw new CursorError();
  }
}

export function writeCursor(query: ProductQuery, mode: SearchMode, value: string | number | null, place: number): string {
  const data: CursorData = { q: fingerprint(query), m: mode, k: [value, place] };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

/**
 * One page plus one product (to know whether another page follows), ordered with the product's place as the last
 * key, so the order is total. `sort_value` is what the cursor keeps. The page is chosen on `products` alone (stock and
 * words joined only when a filter or the sort needs them); its few rows then get their words and stock.
 */
export function pageSql(query: ProductQuery, tsquery: string | null, locale: string, cursor: CursorData | undefined, columns: string): Sql {
  const params = new Params();
  const c = conditions(query, params);
  const search = searchTerms(tsquery, params);
  const sort = sortOf(query, search !== null);
  const where = [c.shown, c.category, c.price, c.promo, c.stock, c.ids, search?.where ?? 'TRUE'];
  const sortValue = {
    shop: 'NULL',
    newest: 'NULL',
    relevance: search?.rank ?? 'NULL',
    'price-up': 'p.price_centimes',
    'price-down': 'p.price_centimes',
    name: 't.name_key',
  }[sort];
  const order = {
    shop: 'p.position',
    newest: 'p.position DESC',
    relevance: `${sortValue} DESC, p.position`,
    'price-up': 'p.price_centimes, p.position',
    'price-down': 'p.price_centimes DESC, p.position',
    name: 't.name_key, p.position',
  }[sort];
  if (cursor) {
    const [value, place] = cursor.k;
    const p = `${params.add(place)}::integer`;
    const v = () => params.add(value);
    // Only the sort's own condition is built: each adds its parameters.
    const after = {
      shop: () => `p.position > ${p}`,
      newest: () => `p.position < ${p}`,
      relevance: () => `(${sortValue} < ${v()}::numeric OR (${sortValue} = ${v()}::numeric AND p.position > ${p}))`,
      'price-up': () => `(p.price_centimes, p.position) > (${v()}::integer, ${p})`,
      'price-down': () => `(p.price_centimes < ${v()}::integer OR (p.price_centimes = ${v()}::integer AND p.position > ${p}))`,
      name: () => `(t.name_key, p.position) > (${v()}::text, ${p})`,
    }[sort];
    where.push(after());
  }
  const language = params.add(locale);
  const outerOrder = sort === 'relevance' ? 'page.sort_value DESC, p.position' : order;
  return {
    text: `WITH page AS MATERIALIZED (
        SELECT p.id, ${sortValue} AS sort_value
        FROM products p
        ${sort === 'name' ? `JOIN product_texts t ON t.product_id = p.id AND t.locale = ${language}` : ''}
        ${query.inStock ? 'LEFT JOIN stock s ON s.product_id = p.id' : ''}
        WHERE ${where.join(' AND ')}
        ORDER BY ${order}
        LIMIT ${params.add(query.limit + 1)})
      SELECT ${columns}, page.sort_value::text AS sort_value
      FROM page
      JOIN products p ON p.id = page.id
      JOIN product_texts t ON t.product_id = p.id AND t.locale = ${language}
      LEFT JOIN stock s ON s.product_id = p.id
      ORDER BY ${outerOrder}`,
    params: params.values,
  };
}

/** Turns the sort value read as text back into what the cursor compares with. */
export function cursorValue(text: string | null, query: ProductQuery): string | number | null {
  if (text === null) return null;
  return query.sort === 'prix-croissant' || query.sort === 'prix-decroissant' ? Number(text) : text;
}
