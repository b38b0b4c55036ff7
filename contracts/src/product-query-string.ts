/**
 * The listing query's URL parameters and how a query is written (product-query.ts has the rest: its type, how it is
 * read, its limits). Apart so that the pages' cache keys (data-keys.ts) do not bring the query's parsing to every page.
 */
import type { ProductQuery } from './product-query';

/** Products per page of the API: its default and the most one request may ask. */
export const PAGE_SIZE = { default: 24, max: 100 } as const;

/**
 * What a listing page shows at first and what each « Voir plus » adds: a phone's few screens, and a page that weighs
 * the same with 100,000 products as with the 31 of the first catalogue (bench:catalogue-scale: at 24, `/shop/face`
 * weighed 1.40x its 8-product page of the small catalogue; decision 041).
 */
export const LISTING_PAGE = 12;

/** URL parameter names, in one place: the listing URL's and the API's. */
export const QUERY_PARAMETERS = {
  category: 'category',
  q: 'q',
  sort: 'sort',
  price: 'prix',
  promo: 'promo',
  inStock: 'dispo',
  limit: 'limit',
  cursor: 'cursor',
  ids: 'ids',
} as const satisfies Record<keyof ProductQuery, string>;

/**
 * The query as URL parameters, defaults left out and in a fixed order: the same query always gives the same string
 * (one cache key, one canonical URL).
 */
export function productQueryString(query: Partial<ProductQuery>): string {
  const p = QUERY_PARAMETERS;
  const params = new URLSearchParams();
  if (query.category && query.category !== 'all') params.set(p.category, query.category);
  if (query.q) params.set(p.q, query.q);
  if (query.sort) params.set(p.sort, query.sort);
  if (query.price) params.set(p.price, query.price);
  if (query.promo) params.set(p.promo, '1');
  if (query.inStock) params.set(p.inStock, '1');
  if (query.limit !== undefined && query.limit !== PAGE_SIZE.default) params.set(p.limit, String(query.limit));
  if (query.cursor) params.set(p.cursor, query.cursor);
  if (query.ids) params.set(p.ids, query.ids.join(','));
  return params.toString();
}
