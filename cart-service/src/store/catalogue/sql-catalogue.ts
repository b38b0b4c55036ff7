import type { ShopLocale } from '@shop/contracts/locales';
import { PRODUCT_KEY, RELATED_PRODUCTS, type ProductFacets, type ProductPage, type ProductQuery, type SitemapProduct } from '@shop/contracts/product-query';
import type { StockLevel } from '@shop/contracts/stock';
import { stockLevelOf } from '../availability';
import type { SqlClient } from '../../db/sql-client';
import type { Catalogue, CatalogueStore, ImportReport, ValidProduct } from '../catalogue';
import { AnswerCache, LISTING_TTL_MS, SEARCH_TTL_MS } from './answer-cache';
import { facetsFromCells, recountCells } from './facet-cells';
import { importProducts } from './import-products';
import { cursorValue, facetsSql, pageSql, readCursor, writeCursor, type SearchMode } from './listing-sql';
import { alikeQuery } from './alike-words';
import { searchQuery } from './search-text';
import { catalogueOf, PRODUCT_COLUMNS, productOf, type ProductRow } from './product-rows';
import { catalogueGeneration } from './catalogue-generation';
import { noteCatalogueChange } from './catalogue-changes';

type FacetRow = Record<'total' | 'promo' | 'in_stock' | 'face' | 'body' | 'hair' | 'pack' | 'moins-100' | '100-200' | 'plus-200', number>;

/** A shopper's search, folded once per request (null: no search). */
type Search = ReturnType<typeof searchQuery>;

const facetsOf = (row: FacetRow): { total: number; facets: ProductFacets } => ({
  total: row.total,
  facets: {
    categories: { face: row.face, body: row.body, hair: row.hair, pack: row.pack },
    prices: { 'moins-100': row['moins-100'], '100-200': row['100-200'], 'plus-200': row['plus-200'] },
    promo: row.promo,
    inStock: row.in_stock,
  },
});

/** Rows per sitemap read: a part of 50,000 URLs is read and sent in chunks of this many. */
const SITEMAP_CHUNK = 5000;

export class SqlCatalogue implements CatalogueStore {
  private readonly listings: AnswerCache<ProductPage>;
  private readonly searches: AnswerCache<ProductPage>;
  private readonly searchCounts: AnswerCache<{ total: number; facets: ProductFacets; mode: SearchMode; tsquery: string | null }>;

  constructor(
    private readonly db: SqlClient,
    now: () => number = Date.now,
  ) {
    this.listings = new AnswerCache(LISTING_TTL_MS, now);
    this.searches = new AnswerCache(SEARCH_TTL_MS, now);
    this.searchCounts = new AnswerCache(SEARCH_TTL_MS, now);
  }

  async productsById(ids: readonly string[], locale: ShopLocale): Promise<Catalogue> {
    // Only what can be a product's id is looked up (a NUL byte in a client's id is no text PostgreSQL takes).
    ids = ids.filter((id) => PRODUCT_KEY.test(id));
    if (ids.length === 0) return catalogueOf([], locale);
    const { rows } = await this.db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p JOIN product_texts t ON t.product_id = p.id LEFT JOIN stock s ON s.product_id = p.id
       WHERE p.id = ANY($1::text[]) AND NOT p.archived`,
      [[...new Set(ids)]],
    );
    return catalogueOf(rows, locale);
  }

  async productPage(idOrSlug: string, locale: ShopLocale) {
    if (!PRODUCT_KEY.test(idOrSlug)) return undefined;
    const { rows } = await this.db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p JOIN product_texts t ON t.product_id = p.id AND t.locale = $2 LEFT JOIN stock s ON s.product_id = p.id
       WHERE (p.id = $1 OR p.slug = $1) AND NOT p.archived ORDER BY (p.id = $1) DESC LIMIT 1`,
      [idOrSlug, locale],
    );
    const row = rows[0];
    if (!row) return undefined;
    // The products after it in its category, in the shop's order, then from the category's start: two index ranges.
    const related = (after: boolean) => `(SELECT ${PRODUCT_COLUMNS} FROM products p JOIN product_texts t ON t.product_id = p.id AND t.locale = $2
      LEFT JOIN stock s ON s.product_id = p.id WHERE p.category = $1 AND NOT p.archived AND p.position ${after ? '>' : '<'} $3 ORDER BY p.position LIMIT $4)`;
    const { rows: others } = await this.db.query<ProductRow>(`${related(true)} UNION ALL ${related(false)}`, [row.category, locale, row.position, RELATED_PRODUCTS]);
    return { product: productOf(row), related: others.slice(0, RELATED_PRODUCTS).map(productOf) };
  }

  async listProducts(query: ProductQuery, locale: ShopLocale): Promise<ProductPage> {
    const after = readCursor(query); // a bad cursor is refused before any cache
    const search = searchQuery(query.q);
    const cache = search ? this.searches : this.listings;
    // An answer kept is good for the catalogue it was read from: a merchandiser's save on any instance ends it.
    const generation = await catalogueGeneration(this.db);
    return cache.get(JSON.stringify([generation, query, locale]), () => this.page(query, search, locale, after, generation));
  }

  /** This process changed stock: listings show availability, so theirs are read again (searches keep theirs, SEARCH_TTL_MS). */
  stockChanged(): void {
    this.listings.clear();
  }

  private async page(query: ProductQuery, search: Search, locale: ShopLocale, after: ReturnType<typeof readCursor>, generation: string): Promise<ProductPage> {
    const counted = await this.counted(query, search, after?.m, generation);
    const mode = counted.mode;
    const page = pageSql(query, counted.tsquery, locale, after, PRODUCT_COLUMNS);
    const { rows } = await this.db.query<ProductRow & { sort_value: string | null }>(page.text, page.params);
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      products: shown.map(productOf),
      total: counted.total,
      facets: counted.facets,
      nextCursor: rows.length > query.limit && last ? writeCursor(query, mode, cursorValue(last.sort_value, query), last.position) : null,
    };
  }

  /**
   * The total and the facets: for a search, from a few seconds ago at most (AnswerCache), since counting means reading
   * every matching product, which a page does not. A search whose words match nothing is counted again with its words corrected
   * ('alike', alike-words.ts); the cache keeps the full-text query each mode settled on.
   */
  private async counted(query: ProductQuery, search: Search, mode: SearchMode | undefined, generation: string) {
    // Without a search or a list of ids, the counts are sums of a few rows kept exact (facet-cells.ts): never cached.
    if (!search && !query.ids) return { ...(await facetsFromCells(this.db, query)), mode: 'words' as const, tsquery: null };
    const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = query;
    return this.searchCounts.get(JSON.stringify([generation, filters, mode ?? null]), async () => {
      const count = async (as: SearchMode, tsquery: string | null) => {
        const sql = facetsSql(query, tsquery);
        const { rows } = await this.db.query<FacetRow>(sql.text, sql.params);
        return { ...facetsOf(rows[0]!), mode: as, tsquery };
      };
      if (!search) return count('words', null); // a list of ids: nothing to correct
      const words = mode === 'alike' ? undefined : await count('words', search.tsquery);
      if (words && (words.total > 0 || mode === 'words')) return words;
      return count('alike', await alikeQuery(this.db, search.words));
    });
  }

  async stockList(locale: ShopLocale): Promise<StockLevel[]> {
    const { rows } = await this.db.query<{ id: string; slug: string; name: string; on_hand: number }>(
      `SELECT p.id, p.slug, t.name, COALESCE(s.on_hand, 0) AS on_hand FROM products p JOIN product_texts t ON t.product_id = p.id AND t.locale = $1
       LEFT JOIN stock s ON s.product_id = p.id ORDER BY p.position`,
      [locale],
    );
    return rows.map((row) => stockLevelOf(row, row.on_hand));
  }

  async productCount(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM products WHERE NOT archived');
    return rows[0]!.count;
  }

  async sitemapProducts(offset: number, limit: number, each: (chunk: SitemapProduct[]) => void | Promise<void>): Promise<void> {
    const { rows: first } = await this.db.query<{ position: number }>('SELECT position FROM products WHERE NOT archived ORDER BY position OFFSET $1 LIMIT 1', [offset]);
    let after = (first[0]?.position ?? Number.MAX_SAFE_INTEGER) - 1;
    for (let left = limit; left > 0; ) {
      const { rows } = await this.db.query<{ slug: string; updated_on: string; position: number }>(
        'SELECT slug, updated_on::text AS updated_on, position FROM products WHERE position > $1 AND NOT archived ORDER BY position LIMIT $2',
        [after, Math.min(left, SITEMAP_CHUNK)],
      );
      if (rows.length === 0) return;
      await each(rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_on })));
      after = rows.at(-1)!.position;
      left -= rows.length;
    }
  }

  importProducts(products: readonly ValidProduct[]): Promise<ImportReport> {
    return this.imported(products, false);
  }

  seedProducts(products: readonly ValidProduct[]): Promise<ImportReport> {
    return this.imported(products, true);
  }

  private async imported(products: readonly ValidProduct[], onlyIntoEmpty: boolean): Promise<ImportReport> {
    const report = await importProducts(this.db, products, { onlyIntoEmpty });
    // Fresh statistics: the planner picks index ranges for pages only when it knows how many rows there are.
    if (report.added + report.updated > 0) await this.db.exec('ANALYZE products, product_texts, search_words');
    this.listings.clear();
    this.searches.clear();
    this.searchCounts.clear();
    return report;
  }

  async removeProducts(ids: readonly string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM products WHERE id = ANY($1::text[])', [[...ids]]);
      await recountCells(tx);
      noteCatalogueChange(tx, ids, { listings: ids.length > 0, cause: 'products removed' });
    });
    this.listings.clear();
    this.searches.clear();
    this.searchCounts.clear();
  }
}
