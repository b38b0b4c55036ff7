import useSWR from 'swr';
import type { ProductResponse } from '@shop/contracts/products';

const PRODUCT_PATH = /^\/shop\/product\/([^/]+)\/?$/;

async function fetchProduct(url: string): Promise<ProductResponse> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as ProductResponse;
}

/** A product page's crumb shows the product's name (the same request the page makes, deduplicated by SWR). */
export function useProductName(pathname: string): string | undefined {
  const slug = PRODUCT_PATH.exec(pathname)?.[1];
  const { data } = useSWR(slug ? `/api/products/${slug}` : null, fetchProduct, { shouldRetryOnError: false });
  return data?.product.name;
}
