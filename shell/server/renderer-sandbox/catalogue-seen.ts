import { serverReadablePath } from '@shop/contracts/data-keys';
import type { Product, ProductResponse, ProductsResponse } from '@shop/contracts/products';
import type { RenderedPage } from './renderer-protocol';

/**
 * The catalogue a render read (its SWR keys and the API's answers): the whole list and the one product of a product
 * page, for the metadata of the page's <head>. A page reads in its own language (`/api/products?lang=ar-MA` on an
 * Arabic page, data-keys.ts), so the names and descriptions seen are the page's. Answers of another shape are ignored.
 */
export function catalogueSeen(answered: readonly (readonly [unknown, unknown])[]): RenderedPage['catalogue'] {
  const seen: { products?: Product[]; product?: Product } = {};
  for (const [key, body] of answered) {
    // The API path without its language choice (the only query a catalogue read carries).
    const path = serverReadablePath(key)?.split('?')[0];
    if (path === '/api/products' && Array.isArray((body as Partial<ProductsResponse> | null)?.products)) {
      seen.products = (body as ProductsResponse).products;
    } else if (path?.startsWith('/api/products/') && typeof (body as Partial<ProductResponse> | null)?.product === 'object') {
      seen.product = (body as ProductResponse).product;
    }
  }
  return seen;
}
