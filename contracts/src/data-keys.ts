/**
 * The SWR cache keys of the catalogue, shared by the pages that read it (mf_catalog_pages, the shell's breadcrumb) and
 * the shell's server, which fetches these while it renders a page and hands the answers to the browser with the HTML
 * (decision 017). Only public catalogue reads qualify: the cart and orders belong to one shopper and stay in the
 * browser.
 */

import { DEFAULT_LOCALE, LANGUAGE_PARAMETER, SHOP_LOCALES, type ShopLocale } from './locales';
import { QUERY_PARAMETERS } from './product-query-string';

/** The API's answer in a page's language (decision 036): French is the API's default, every other language asks. */
export const inLanguage = (path: string, locale: ShopLocale = DEFAULT_LOCALE): string =>
  locale === DEFAULT_LOCALE ? path : `${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_PARAMETER}=${locale}`;

/** Whether a key is a listing page's (any query, any language), for revalidating every listing shown. */
export const isListingKey = (key: unknown, apiBase: string): key is string =>
  typeof key === 'string' && (key === `${apiBase}/api/products` || key.startsWith(`${apiBase}/api/products?`));

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
const CATALOGUE_READ = /* @__PURE__ */ new RegExp(`^/api/products/[^/?#]+${/* @__PURE__ */ languageQuery()}$`);
/** One shopper's own reads (their cart, their order): only on a page rendered for them (a `shopper` route, decision 026). */
const SHOPPER_READ = /* @__PURE__ */ new RegExp(`^/api/(?:cart|orders/[^/?#]+)${/* @__PURE__ */ languageQuery()}$`);

/** The listing parameters in the one order productQueryString writes them. */
// Marked pure, like the reads below: a bundle that never checks a read (every remote's) leaves it out.
const LISTING_PARAMETERS: readonly string[] = /* @__PURE__ */ Object.values(QUERY_PARAMETERS);

/**
 * A listing page's read as listingKey writes it: only the listing's parameters, each once, none empty, in their one
 * order, and the language last. Anything else (an unknown parameter, French asked for by name, a parameter twice) is
 * not a key a page makes, so the server does not fetch it. The values are the API's to judge (a 400 the page shows).
 */
function isListingRead(path: string): boolean {
  const [pathname, search = ''] = path.split(/\?(.*)/s, 2);
  if (pathname !== '/api/products') return false;
  const params = new URLSearchParams(search);
  const language = params.get(LANGUAGE_PARAMETER);
  params.delete(LANGUAGE_PARAMETER);
  const locale = SHOP_LOCALES.find((shopLocale) => shopLocale === language && shopLocale !== DEFAULT_LOCALE);
  if (language !== null && !locale) return false;
  let place = -1;
  for (const [name, value] of params) {
    const at = LISTING_PARAMETERS.indexOf(name);
    if (at <= place || value === '') return false;
    place = at;
  }
  const query = params.toString();
  return inLanguage(`/api/products${query ? `?${query}` : ''}`, locale) === path;
}

/**
 * The API path behind a cache key the shell's server may fetch and hand over: a listing page or one product, asked
 * for by a string key (listingKey) or a `[namespace, path]` pair; with `shopper`, also the shopper's cart and order,
 * read with their cookies. Null for any other key.
 */
export function serverReadablePath(key: unknown, shopper = false): string | null {
  const path = typeof key === 'string' ? key : Array.isArray(key) && key.length === 2 && typeof key[1] === 'string' ? key[1] : null;
  if (path === null) return null;
  return CATALOGUE_READ.test(path) || isListingRead(path) || (shopper && SHOPPER_READ.test(path)) ? path : null;
}
