/**
 * The SWR cache keys of the catalogue, shared by the pages that read it (mf_catalog_pages, the shell's breadcrumb) and
 * the shell's server, which fetches these while it renders a page and hands the answers to the browser with the HTML
 * (decision 017). Only public catalogue reads qualify: the cart and orders belong to one shopper and stay in the
 * browser.
 */

import { DEFAULT_LOCALE, LANGUAGE_PARAMETER, SHOP_LOCALES, type ShopLocale } from './locales';

/** The API's answer in a page's language (decision 036): French is the API's default, every other language asks. */
export const inLanguage = (path: string, locale: ShopLocale = DEFAULT_LOCALE): string =>
  locale === DEFAULT_LOCALE ? path : `${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_PARAMETER}=${locale}`;

/** The catalogue's key: the whole list, read once; pages filter it locally. */
export const productsKey = (apiBase = '', locale: ShopLocale = DEFAULT_LOCALE): string => inLanguage(`${apiBase}/api/products`, locale);

/**
 * The product page's key: one of its own, since the breadcrumb fetches the same URL with a fetcher whose errors carry
 * no status, and a shared cache entry would hide the 404 the page must recognise.
 */
export const productKey = (apiBase: string, slug: string, locale: ShopLocale = DEFAULT_LOCALE) =>
  [PRODUCT_PAGE_KEY, inLanguage(`${apiBase}/api/products/${encodeURIComponent(slug)}`, locale)] as const;

/** The breadcrumb's key for a product page's name (the shell's own, see productKey). */
export const breadcrumbProductKey = (slug: string, locale: ShopLocale = DEFAULT_LOCALE) =>
  ['shell/breadcrumb-product', inLanguage(`/api/products/${encodeURIComponent(slug)}`, locale)] as const;

/** The first element of the product page's key, to revalidate every product page shown. */
export const PRODUCT_PAGE_KEY = 'mf_catalog_pages/product';

/** A read in one of the shop's languages: none (French) or `?lang=<another>`. */
const languageQuery = () => `(?:\\?${LANGUAGE_PARAMETER}=(?:${SHOP_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|')}))?`;
// Marked pure so that a bundle that never reads them (every remote's) leaves them out.
const CATALOGUE_READ = /* @__PURE__ */ new RegExp(`^/api/products(?:/[^/?#]+)?${/* @__PURE__ */ languageQuery()}$`);
/** One shopper's own reads (their cart, their order): only on a page rendered for them (a `shopper` route, decision 026). */
const SHOPPER_READ = /* @__PURE__ */ new RegExp(`^/api/(?:cart|orders/[^/?#]+)${/* @__PURE__ */ languageQuery()}$`);

/**
 * The API path behind a cache key the shell's server may fetch and hand over: the catalogue or one product, asked
 * for by a string key (`/api/products`) or a `[namespace, path]` pair; with `shopper`, also the shopper's cart and
 * order, read with their cookies. Null for any other key.
 */
export function serverReadablePath(key: unknown, shopper = false): string | null {
  const path = typeof key === 'string' ? key : Array.isArray(key) && key.length === 2 && typeof key[1] === 'string' ? key[1] : null;
  if (path === null) return null;
  return CATALOGUE_READ.test(path) || (shopper && SHOPPER_READ.test(path)) ? path : null;
}
