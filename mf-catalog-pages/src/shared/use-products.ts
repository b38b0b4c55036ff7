import type { Product, ProductsResponse } from '@shop/contracts/products';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { PRODUCT_PAGE_KEY, productsKey } from '@shop/contracts/data-keys';
import { useText } from '../messages/messages';
import { getJson } from './api';

export interface UseProducts {
  products: Product[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  retry: () => void;
}

/**
 * The whole catalogue, once, in the page's language (names and descriptions: decision 036): every page filters it
 * locally, so moving between listings costs no request.
 */
export function useProducts(apiBase: string): UseProducts {
  const { locale } = useText();
  const { data, error, isLoading, mutate } = useSWR(productsKey(apiBase, locale), getJson<ProductsResponse>);
  return {
    products: data?.products,
    error: error as Error | undefined,
    isLoading,
    retry: () => void mutate(),
  };
}

/**
 * Reads the catalogue again, the list and every product page shown: when the service says a product is out of stock,
 * the availability on the page was stale, and cards and product pages must show what is left now.
 */
export function useRevalidateCatalogue(apiBase: string): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const { locale } = useText();
  return useCallback(
    () => mutate((key) => key === productsKey(apiBase, locale) || (Array.isArray(key) && key[0] === PRODUCT_PAGE_KEY)),
    [mutate, apiBase, locale],
  );
}
