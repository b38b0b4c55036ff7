import type { Product, ProductsResponse } from '@shop/contracts/products';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { getJson } from './api';

export interface UseProducts {
  products: Product[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  retry: () => void;
}

/** The catalogue's cache key. */
export const productsKey = (apiBase: string) => `${apiBase}/api/products`;

const PRODUCT_PAGE = 'mf_catalog_pages/product';

/**
 * The product page's cache key: one of our own, since the shell's breadcrumb fetches the same URL under the plain URL
 * key with a fetcher whose errors carry no status, and a shared cache entry would hide the 404 the page must recognise.
 */
export const productKey = (apiBase: string, slug: string) => [PRODUCT_PAGE, `${apiBase}/api/products/${encodeURIComponent(slug)}`] as const;

/** The whole catalogue, once: every page filters it locally, so moving between listings costs no request. */
export function useProducts(apiBase: string): UseProducts {
  const { data, error, isLoading, mutate } = useSWR(productsKey(apiBase), getJson<ProductsResponse>);
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
  return useCallback(
    () => mutate((key) => key === productsKey(apiBase) || (Array.isArray(key) && key[0] === PRODUCT_PAGE)),
    [mutate, apiBase],
  );
}
