import type { Category } from '@shop/contracts/products';
import {
  parseProductQuery,
  QUERY_PARAMETERS,
  type ProductQuery,
  type ProductSort,
} from '@shop/contracts/product-query';
import type { SearchCategory } from '@shop/contracts/search';
import { categoryLabels } from '../shared/category-labels';
import type { MessageId } from '../shared/page-text';

/**
 * What a listing shows, all of it in its URL (the API's parameter names: contracts' product-query), so a filtered,
 * sorted listing, or its third page, can be shared, reloaded and crawled.
 */
export interface ListingState {
  query: ProductQuery;
  /**
   * The header's search offers « Maquillage », which the shop does not sell: such a search honestly finds nothing, and
   * is not sent to the API (which knows no such category).
   */
  unsold: boolean;
}

/** The sorts a shopper chooses; `pertinence` is the absent sort of a search (sort-select.tsx). */
export const sortLabels: Record<Exclude<ProductSort, 'pertinence'>, MessageId> = {
  'prix-croissant': 'listing.sort.priceAsc',
  'prix-decroissant': 'listing.sort.priceDesc',
  nouveautes: 'listing.sort.newest',
  nom: 'listing.sort.name',
};

export const searchCategoryLabels: Record<SearchCategory | Category, MessageId> = {
  face: categoryLabels.face,
  makeup: 'listing.category.makeup',
  body: categoryLabels.body,
  hair: categoryLabels.hair,
  pack: categoryLabels.pack,
};

const MAKEUP: SearchCategory = 'makeup';

/**
 * A listing's query from its URL, read leniently (a hand-edited link still shows a page). A category page's own
 * category wins over the URL's; the layout's page size stands unless the URL says another.
 */
export function readListing(params: URLSearchParams, fixed: { category?: Category; limit: number }): ListingState {
  const parsed = parseProductQuery(params, { lenient: true });
  // A lenient read drops what it does not know instead of refusing it.
  if (!parsed.ok) throw new Error(parsed.problem);
  const { query } = parsed;
  if (fixed.category) query.category = fixed.category;
  if (!params.has(QUERY_PARAMETERS.limit)) query.limit = fixed.limit;
  // Only the listing's own: a wishlist's ids are not a listing's filter.
  delete query.ids;
  return { query, unsold: !fixed.category && params.get(QUERY_PARAMETERS.category) === MAKEUP };
}

/** Whether a shopper narrowed the listing (the empty state then suggests another word or fewer filters). */
export function isNarrowed({ query, unsold }: ListingState, pageCategory?: Category): boolean {
  return Boolean(unsold || query.q || (query.category !== 'all' && !pageCategory) || query.price || query.promo || query.inStock);
}
