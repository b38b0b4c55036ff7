import type { Product, ProductsResponse } from '@shop/contracts/products';
import useSWR from 'swr';
import { getJson } from './api';

export interface UseProducts {
  products: Product[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  retry: () => void;
}

/** The whole catalogue, once: every page filters it locally, so moving between listings costs no request. */
export function useProducts(apiBase: string): UseProducts {
  const { data, error, isLoading, mutate } = useSWR(`${apiBase}/api/products`, getJson<ProductsResponse>);
  return {
    products: data?.products,
    error: error as Error | undefined,
    isLoading,
    retry: () => void mutate(),
  };
}
