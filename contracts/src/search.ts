/**
 * The header's search panel (mf_frame) submits to `/shop/all?q=<text>&category=<SearchCategory>`; the listing
 * (mf_catalog_pages) filters by both, accent-insensitively. Both parameters are optional.
 */
export type SearchCategory = 'face' | 'makeup' | 'body' | 'hair';

export interface SearchQuery {
  /** URL parameter `q`. */
  q?: string;
  /** URL parameter `category`. */
  category?: SearchCategory;
}

/** URL parameter `sort` of the listings: price ascending, price descending, newest first. */
export type ListingSort = 'prix-croissant' | 'prix-decroissant' | 'nouveautes';
