import { MERCHANDISING_PAGE_SIZE } from '@shop/contracts/merchandising';

/** The console's API paths of the catalogue, which are also the keys its lists and logs are cached by. */
export const productPath = (id: string) => `/catalogue/products/${encodeURIComponent(id)}`;

/** A page of the list: its search, whether archived products are shown, and the page's cursor. */
export function productsPath(q: string, archived: boolean, cursor?: string): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (archived) params.set('archived', 'true');
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(MERCHANDISING_PAGE_SIZE));
  return `/catalogue/products?${params}`;
}

/** An audit log's first page: `/catalogue/audit` (every product) or `/catalogue/products/<id>/audit`. */
export const auditPath = (productId?: string) => (productId ? `${productPath(productId)}/audit` : '/catalogue/audit');

/** Every list and log of the catalogue, read again after a change (a product's own key is set from the answer). */
export const isCatalogueKey = (key: unknown) => typeof key === 'string' && (key.startsWith('/catalogue/products?') || key.includes('/audit'));
