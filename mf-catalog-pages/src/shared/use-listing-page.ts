import { listingKey } from '@shop/contracts/listing-key';
import type { ProductPage, ProductQuery } from '@shop/contracts/product-query';
import useSWR from 'swr';
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
