/**
 * The catalogue's listing query (decision 041): what `GET /api/products` takes and answers, and what a listing page
 * keeps in its URL. The names are the listing URL's own (`q`, `category`, `prix`, `promo`, `dispo`, `sort`), so a page
 * hands its query string to the API as it is, and a shared URL restores the same page.
 */
import type { Category, Product } from './products';
import { PAGE_SIZE, QUERY_PARAMETERS } from './product-query-string';

// A module of its own for what every page's keys need (data-keys.ts), so a product page does not download the parsing.
export { LISTING_PAGE, PAGE_SIZE, productQueryString, QUERY_PARAMETERS } from './product-query-string';

export const CATEGORY_FILTERS = ['all', 'face', 'body', 'hair', 'pack'] as const satisfies readonly (Category | 'all')[];
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** `pertinence` ranks a search's matches; without a search, the absent sort is the shop's own order. */
export const PRODUCT_SORTS = ['pertinence', 'prix-croissant', 'prix-decroissant', 'nouveautes', 'nom'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The price ranges the filters offer, in MAD, bounds included as written. */
export const PRICE_RANGES = {
  'moins-100': { below: 100 },
  '100-200': { from: 100, to: 200 },
  'plus-200': { above: 200 },
} as const;
export type PriceRange = keyof typeof PRICE_RANGES;
export const PRICE_RANGE_NAMES = Object.keys(PRICE_RANGES) as PriceRange[];

/** The search panel's suggestions. */
export const SUGGESTIONS = 6;
/** Related products on a product page. */
export const RELATED_PRODUCTS = 8;
/** A search text is cut to this many characters (a longer one is not a search a shopper typed). */
export const SEARCH_TEXT_MAX = 100;

export interface ProductQuery {
  category: CategoryFilter;
  /** The search text as typed ('' for none). */
  q: string;
  /** Absent: relevance for a search, the shop's order otherwise. */
  sort?: ProductSort;
  price?: PriceRange;
  /** Only products on promotion (with an old price). */
  promo: boolean;
  /** Only products that can be ordered now. */
  inStock: boolean;
  limit: number;
  /** The opaque cursor of the page before (its `nextCursor`); absent for the first page. */
  cursor?: string;
  /** Only these products, by id or slug (a wishlist, an article's products): at most PAGE_SIZE.max. */
  ids?: string[];
}

/** The counts the filters show next to each choice, for the query without that choice's own filter. */
export interface ProductFacets {
  categories: Record<Category, number>;
  prices: Record<PriceRange, number>;
  promo: number;
  inStock: number;
}

/** One page of a listing, with what it needs to say how many there are and to fetch the next. */
export interface ProductPage {
  products: Product[];
  /** Products matching the query, every page together. */
  total: number;
  facets: ProductFacets;
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: string | null;
}

export type ProductQueryProblem = 'category' | 'sort' | 'price' | 'limit' | 'cursor' | 'flag' | 'ids' | 'repeated';


const isOneOf = <T extends string>(value: string, allowed: readonly T[]): value is T => (allowed as readonly string[]).includes(value);
const CURSOR = /^[A-Za-z0-9_-]{1,400}$/;
/** What a product id or a slug may be: lowercase letters, digits and dashes, 1 to 64 characters. */
export const PRODUCT_KEY = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const IDENTIFIER = PRODUCT_KEY;

/**
 * Reads a query from URL parameters: the API refuses what this refuses (a 400 naming the problem); a listing page
 * reads its own URL with `lenient`, where an unknown value is simply no filter (a hand-edited link still shows a page).
 */
export function parseProductQuery(
  params: URLSearchParams,
  { lenient = false }: { lenient?: boolean } = {},
): { ok: true; query: ProductQuery } | { ok: false; problem: ProductQueryProblem } {
  const p = QUERY_PARAMETERS;
  for (const name of Object.values(p)) if (params.getAll(name).length > 1 && !lenient) return { ok: false, problem: 'repeated' };
  const category = params.get(p.category) ?? 'all';
  const sort = params.get(p.sort) ?? undefined;
  const price = params.get(p.price) ?? undefined;
  const limitText = params.get(p.limit);
  const cursor = params.get(p.cursor) ?? undefined;
  const flag = (name: string): boolean | undefined => {
    const value = params.get(name);
    return value === null || value === '0' ? false : value === '1' ? true : undefined;
  };
  const promo = flag(p.promo);
  const inStock = flag(p.inStock);
  const limit = limitText === null ? PAGE_SIZE.default : /^[0-9]{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  const idsText = params.get(p.ids);
  const ids = idsText === null ? undefined : idsText.split(',');
  const idsOk = ids === undefined || (ids.length <= PAGE_SIZE.max && ids.every((id) => IDENTIFIER.test(id)));
  const problem: ProductQueryProblem | null = !isOneOf(category, CATEGORY_FILTERS)
    ? 'category'
    : sort !== undefined && !isOneOf(sort, PRODUCT_SORTS)
      ? 'sort'
      : price !== undefined && !isOneOf(price, PRICE_RANGE_NAMES)
        ? 'price'
        : !(limit >= 1 && limit <= PAGE_SIZE.max)
          ? 'limit'
          : cursor !== undefined && !CURSOR.test(cursor)
            ? 'cursor'
            : promo === undefined || inStock === undefined
              ? 'flag'
              : !idsOk
                ? 'ids'
                : null;
  if (problem && !lenient) return { ok: false, problem };
  return {
    ok: true,
    query: {
      category: isOneOf(category, CATEGORY_FILTERS) ? category : 'all',
      q: (params.get(p.q) ?? '').trim().slice(0, SEARCH_TEXT_MAX),
      ...(sort !== undefined && isOneOf(sort, PRODUCT_SORTS) ? { sort } : {}),
      ...(price !== undefined && isOneOf(price, PRICE_RANGE_NAMES) ? { price } : {}),
      promo: promo ?? false,
      inStock: inStock ?? false,
      limit: limit >= 1 && limit <= PAGE_SIZE.max ? limit : PAGE_SIZE.default,
      ...(cursor !== undefined && CURSOR.test(cursor) ? { cursor } : {}),
      ...(ids !== undefined && idsOk ? { ids } : {}),
    },
  };
}

/** Whether a price is in a range, as the database's filter decides it (the same bounds). */
export function inPriceRange(price: number, range: PriceRange): boolean {
  const bounds: { below?: number; from?: number; to?: number; above?: number } = PRICE_RANGES[range];
  if (bounds.below !== undefined) return price < bounds.below;
  if (bounds.above !== undefined) return price > bounds.above;
  return price >= bounds.from! && price <= bounds.to!;
}

/** The sitemap files' size: the sitemap protocol's limit of URLs per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** `GET /api/sitemap/products`: how many products there are, and how many sitemap files (of SITEMAP_URLS_PER_FILE) they fill. */
export interface SitemapFilesResponse {
  products: number;
  files: number;
}

/** One product in the sitemap (a line of `GET /api/sitemap/products/:file`): its page and its last change. */
export interface SitemapProduct {
  slug: string;
  /** ISO 8601 date. */
  updatedAt: string;
}
