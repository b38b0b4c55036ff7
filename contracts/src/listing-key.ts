import { inLanguage } from './data-keys';
import type { ShopLocale } from './locales';
import type { ProductQuery } from './product-query';
import { productQueryString } from './product-query-string';

/**
 * One page of a listing (decision 041): the query as productQueryString writes it (one string per query, so one cache
 * entry and one server read), in the page's language. The database filters, sorts and searches; a page shows what it
 * was answered. A module of its own, beside data-keys.ts: a page that makes no listing key (a product page) then does
 * not load the query's writing.
 */
// No default arguments: this is in every catalogue page's first load, where each costs bytes once compiled.
export const listingKey = (apiBase: string, query: Partial<ProductQuery>, locale: ShopLocale | undefined): string => {
  const search = productQueryString(query);
  return inLanguage(`${apiBase}/api/products${search ? `?${search}` : ''}`, locale);
};

