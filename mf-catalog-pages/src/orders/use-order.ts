import { inLanguage } from '@shop/contracts/data-keys';
import type { ShopLocale } from '@shop/contracts/locales';
import type { Order, OrderResponse } from '@shop/contracts/orders';
import useSWR from 'swr';
import { getJson, HttpError } from '../shared/api';
import { orderKey } from '../shared/order-cache-key';

export interface UseOrder {
  order: Order | undefined;
  error: Error | undefined;
  notFound: boolean;
  isLoading: boolean;
  retry: () => void;
}

/** The order in `locale`, the page's language: the service's messages come in it (the checkout fills this same key). */
export function useOrder(apiBase: string, number: string, locale: ShopLocale): UseOrder {
  const [namespace, url] = orderKey(apiBase, number);
  const { data, error, isLoading, mutate } = useSWR([namespace, inLanguage(url, locale)] as const, ([, path]) => getJson<OrderResponse>(path), {
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
