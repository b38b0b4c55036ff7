import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import type { CartItem } from '@shop/contracts/cart';
import type { CartChangedEventName } from '@shop/contracts/events';
import { fetchCart } from './cart-api';

const CART_CHANGED: CartChangedEventName = 'cart:changed';

/** Data refresh defaults from the spec (section 9): deduplication 2 s, focus throttle 5 s, error retry 5 s. */
export const cartSWRConfig = {
  dedupingInterval: 2000,
  focusThrottleInterval: 5000,
  errorRetryInterval: 5000,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
} as const;

export interface UseCart {
  items: CartItem[];
  /** Set when the last fetch failed; the cart then shows as empty (spec, section 4). */
  error: Error | undefined;
  isLoading: boolean;
  reload: () => Promise<unknown>;
}

export function useCart(apiBase = ''): UseCart {
  const key = `${apiBase}/api/cart`;
  const { data, error, isLoading, mutate } = useSWR(key, fetchCart, cartSWRConfig);

  // Cart changes made elsewhere on the page (add to cart on a listing) announce themselves with one event.
  useEffect(() => {
    const onChanged = () => void mutate();
    window.addEventListener(CART_CHANGED, onChanged);
    return () => window.removeEventListener(CART_CHANGED, onChanged);
  }, [mutate]);

  const reload = useCallback(() => mutate(), [mutate]);
  return {
    items: error ? [] : (data?.cart ?? []),
    error: error as Error | undefined,
    isLoading,
    reload,
  };
}
