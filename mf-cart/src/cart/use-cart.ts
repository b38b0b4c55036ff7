import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import { cartKey, type CartItem } from '@shop/contracts/cart';
import { inLanguage } from '@shop/contracts/data-keys';
import { onCartChanged } from '@shop/contracts/events';
import { SWR_SETTINGS } from '@shop/contracts/swr-settings';
import { fetchCart } from './cart-api';
import { useText } from '../messages/messages';

/** The page's data refresh settings (spec, section 9), also when mf-cart runs alone in its harness. */
export const cartSWRConfig = SWR_SETTINGS;

export interface UseCart {
  items: CartItem[];
  /** Set when the last fetch failed; the cart then shows as empty (spec, section 4). */
  error: Error | undefined;
  isLoading: boolean;
  reload: () => Promise<unknown>;
}

export function useCart(apiBase = ''): UseCart {
  // The lines' names in the page's language (decision 036).
  const key = inLanguage(cartKey(apiBase), useText().locale);
  const { data, error, isLoading, mutate } = useSWR(key, fetchCart, cartSWRConfig);

  // Cart changes made elsewhere on the page (add to cart on a listing) announce themselves with one event.
  useEffect(() => onCartChanged(() => void mutate()), [mutate]);

  const reload = useCallback(() => mutate(), [mutate]);
  return {
    items: error ? [] : (data?.cart ?? []),
    error: error as Error | undefined,
    isLoading,
    reload,
  };
}
