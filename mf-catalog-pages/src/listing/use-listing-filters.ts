import type { Category } from '@shop/contracts/products';
import { QUERY_PARAMETERS, type ProductQuery } from '@shop/contracts/product-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListing, type ListingState } from './listing-filters';

/** The filters a shopper sets on a listing page. */
export type ListingFilter = 'category' | 'price' | 'promo' | 'inStock' | 'sort';

export interface UseListingFilters extends ListingState {
  /** Sets one filter in the URL (undefined, 'all' or false removes it) and starts again from the first page. */
  setFilter: <K extends ListingFilter>(name: K, value: ProductQuery[K] | undefined) => void;
  clearSearch: () => void;
  /** The URL's query string with another page's cursor: the link to that page, for shoppers and crawlers alike. */
  pageHref: (cursor: string | undefined) => string;
}

const NAVIGATE = { preventScrollReset: true, flushSync: true } as const;

/** A listing's state, read from and written to its URL (listing-filters.ts). */
export function useListingFilters(fixed: { category?: Category; limit: number }): UseListingFilters {
  const [params, setParams] = useSearchParams();
  const { category, limit } = fixed;
  const state = useMemo(() => readListing(params, { ...(category ? { category } : {}), limit }), [params, category, limit]);
  const setFilter = useCallback(
    <K extends ListingFilter>(name: K, value: ProductQuery[K] | undefined) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const parameter = QUERY_PARAMETERS[name];
          if (value === undefined || value === false || value === 'all') next.delete(parameter);
          else next.set(parameter, value === true ? '1' : String(value));
          // Another filter is another list: its pages start again.
          next.delete(QUERY_PARAMETERS.cursor);
          return next;
        },
        // Keep the scroll position (a filter is not a new page); flushSync so a controlled radio or checkbox shows its
        // new state at once instead of flicking back until the navigation's transition ends.
        NAVIGATE,
      );
    },
    [setParams],
  );
  const clearSearch = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of [QUERY_PARAMETERS.q, QUERY_PARAMETERS.category, QUERY_PARAMETERS.cursor]) next.delete(name);
      return next;
    }, NAVIGATE);
  }, [setParams]);
  const pageHref = useCallback(
    (cursor: string | undefined) => {
      const next = new URLSearchParams(params);
      if (cursor) next.set(QUERY_PARAMETERS.cursor, cursor);
      else next.delete(QUERY_PARAMETERS.cursor);
      const search = next.toString();
      // `?` alone is this path without a query (an empty href would be this URL, its cursor included).
      return search ? `?${search}` : '?';
    },
    [params],
  );
  return { ...state, setFilter, clearSearch, pageHref };
}
