import useSWR from 'swr';
import { breadcrumbProductKey } from '@shop/contracts/data-keys';
import { decodePathSegment } from '@shop/contracts/route-matching';
import type { ShopLocale } from '@shop/contracts/locales';
import type { ProductResponse } from '@shop/contracts/products';

const PRODUCT_PATH = /^\/shop\/product\/([^/]+)\/?$/;

async function fetchProduct([, url]: readonly [string, string]): Promise<ProductResponse> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as ProductResponse;
}

/**
 * A product page's crumb shows the product's name. Its SWR key is the shell's own, so its errors never
 * reach the product page's cache entry (the page tells an unknown product from an outage by status).
 */
export function useProductName(pathname: string, locale: ShopLocale): string | undefined {
  const slug = PRODUCT_PATH.exec(pathname)?.[1];
  const { data } = useSWR(slug ? breadcrumbProductKey(decodePathSegment(slug), locale) : null, fetchProduct, {
    shouldRetryOnError: false,
  });
  return data?.product.name;
}
