import type { Order, OrderResponse } from '@shop/contracts/orders';
import useSWR from 'swr';
import { getJson, HttpError } from '../shared/api';

/**
 * The SWR key of one order. The checkout fills this entry with the order it just placed, so the confirmation page
 * shows at once instead of asking again; a reload asks the service (only the visitor who placed it gets it).
 */
export function orderKey(apiBase: string, number: string): readonly [string, string] {
  return ['mf_catalog_pages/order', `${apiBase}/api/orders/${encodeURIComponent(number)}`] as const;
}

export interface UseOrder {
  order: Order | undefined;
  error: Error | undefined;
  notFound: boolean;
  isLoading: boolean;
  retry: () => void;
}

export function useOrder(apiBase: string, number: string): UseOrder {
  const { data, error, isLoading, mutate } = useSWR(orderKey(apiBase, number), ([, url]) => getJson<OrderResponse>(url), {
    // A 404 is an answer (not this visitor's order, or no such order), not a failure to retry.
    shouldRetryOnError: (e: unknown) => !(e instanceof HttpError && e.status === 404),
  });
  return {
    order: data?.order,
    error: error as Error | undefined,
    notFound: error instanceof HttpError && error.status === 404,
    isLoading,
    retry: () => void mutate(),
  };
}
