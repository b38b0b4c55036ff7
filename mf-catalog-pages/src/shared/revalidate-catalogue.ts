import { isListingKey, PRODUCT_PAGE_KEY } from '@shop/contracts/data-keys';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Reads again every listing page and product page shown: when the service says a product is out of stock, the
 * availability on the page was stale, and cards and product pages must show what is left now. A module of its own:
 * every add-to-cart button has it, listings or not.
 */
export function useRevalidateCatalogue(apiBase: string): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => isListingKey(key, apiBase) || (Array.isArray(key) && key[0] === PRODUCT_PAGE_KEY)), [mutate, apiBase]);
}
