import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseListingFilters } from './listing-filters';
import type { ListingFilters } from './listing-filters';

const paramNames: Record<keyof ListingFilters, string> = {
  q: 'q',
  category: 'category',
  price: 'prix',
  promo: 'promo',
  sort: 'sort',
};

export interface UseListingFilters {
  filters: ListingFilters;
  /** Sets one filter in the URL (undefined, '' or false removes it); other parameters are kept. */
  setFilter: <K extends keyof ListingFilters>(name: K, value: ListingFilters[K]) => void;
  clearSearch: () => void;
}

export function useListingFilters(): UseListingFilters {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseListingFilters(params), [params]);
  const setFilter = useCallback(
    <K extends keyof ListingFilters>(name: K, value: ListingFilters[K]) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === undefined || value === '' || value === false) next.delete(paramNames[name]);
          else next.set(paramNames[name], value === true ? '1' : String(value));
          return next;
        },
        // Keep the scroll position (a filter is not a new page); flushSync so a controlled radio or checkbox shows its
        // new state at once instead of flicking back until the navigation's transition ends.
        { preventScrollReset: true, flushSync: true },
      );
    },
    [setParams],
  );
  const clearSearch = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        next.delete('category');
        return next;
      },
      { preventScrollReset: true, flushSync: true },
    );
  }, [setParams]);
  return { filters, setFilter, clearSearch };
}
