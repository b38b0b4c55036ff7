import { productKey } from '@shop/contracts/data-keys';
import type { ProductResponse } from '@shop/contracts/products';
import useSWR from 'swr';
import { useText } from '../messages/messages';
import { getJson, HttpError } from '../shared/api';

/**
 * A product and its related products (the API's own choice, decision 041), in the page's language; `null`: none yet.
 * A key of our own (see productKey): the 404 must stay recognisable.
 */
export function useProductPage(apiBase: string, slug: string | null) {
  const { locale } = useText();
  return useSWR(slug === null ? null : productKey(apiBase, slug, locale), ([, url]) => getJson<ProductResponse>(url), {
    // A 404 is an answer, not a failure to retry.
    shouldRetryOnError: (e: unknown) => !(e instanceof HttpError && e.status === 404),
  });
}
