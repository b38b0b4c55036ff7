import { serverReadablePath } from '@shop/contracts/data-keys';
import { parseProductQuery, type ProductPage } from '@shop/contracts/product-query';
import type { ProductResponse } from '@shop/contracts/products';
import type { CatalogueSeen, SeenListing } from './renderer-protocol';

/**
 * The catalogue a render read (its SWR keys and the API's answers): the listing pages with the query each asked, and
 * the one product of a product page, for the metadata of the page's <head> (seo/page-metadata.ts). A page reads in
 * its own language (`?lang=ar-MA` on an Arabic page, data-keys.ts), so the names and descriptions seen are the
 * page's. The related products are kept by id only (the edge's tags). Answers of another shape are ignored.
 */
export function catalogueSeen(answered: readonly (readonly [unknown, unknown])[]): CatalogueSeen {
  const listings: SeenListing[] = [];
  const seen: { listings?: SeenListing[]; product?: ProductResponse['product']; relatedIds?: string[] } = {};
  for (const [key, body] of answered) {
    const path = serverReadablePath(key);
    if (path === null) continue;
    const [pathname, search = ''] = path.split(/\?(.*)/s, 2);
    const query = pathname === '/api/products' ? queryOf(search) : undefined;
    if (query && Array.isArray((body as Partial<ProductPage> | null)?.products)) {
      listings.push({ query, page: body as ProductPage });
      seen.listings = listings;
    } else if (pathname?.startsWith('/api/products/') && typeof (body as Partial<ProductResponse> | null)?.product === 'object') {
      seen.product = (body as ProductResponse).product;
      const related = (body as Partial<ProductResponse>).related;
      if (Array.isArray(related)) seen.relatedIds = related.map((card) => card.id);
    }
  }
  return seen;
}

/** The listing query of a read (its language left aside). */
function queryOf(search: string) {
  const parsed = parseProductQuery(new URLSearchParams(search.replace(/(?:^|&)lang=[^&]*/, '')), { lenient: true });
  return parsed.ok ? parsed.query : undefined;
}
