import { isListingKey, listingKey, PRODUCT_PAGE_KEY } from '@shop/contracts/data-keys';
import type { ProductPage, ProductQuery } from '@shop/contracts/product-query';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useText } from '../messages/messages';
import { getJson } from './api';

export interface UseListingPage {
  page: ProductPage | undefined;
  error: Error | undefined;
  isLoading: boolean;
  retry: () => void;
}

/**
 * One page of products the database chose (decision 041), in the page's language (decision 036). Its key is a server
 * read (contracts' data-keys), so the first page a listing shows is in the server's HTML. `null`: nothing to read.
 */
export function useListingPage(apiBase: string, query: Partial<ProductQuery> | null): UseListingPage {
  const { locale } = useText();
  const { data, error, isLoading, mutate } = useSWR(query ? listingKey(apiBase, query, locale) : null, getJson<ProductPage>);
  return { page: data, error: error as Error | undefined, isLoading, retry: () => void mutate() };
}

/**
 * Reads again every listing page and product page shown: when the service says a product is out of stock, the
 * availability on the page was stale, and cards and product pages must show what is left now.
 */
export function useRevalidateCatalogue(apiBase: string): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => isListingKey(key, apiBase) || (Array.isArray(key) && key[0] === PRODUCT_PAGE_KEY)), [mutate, apiBase]);
}
