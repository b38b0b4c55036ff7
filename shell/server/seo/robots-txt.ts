import { DEFAULT_LOCALE, localizedPath, SHOP_LOCALES } from '@shop/contracts/locales';
import { DISALLOWED_PAGE_PREFIXES, DISALLOWED_PATH_PREFIXES } from './search-entries';
import type { Absolute } from './structured-data';

/** The checkout's and orders' pages in the other languages (`/ar/shop/checkout`): private in every language. */
const otherLanguages = SHOP_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale) =>
  DISALLOWED_PAGE_PREFIXES.map((path) => localizedPath(locale, path)),
);

/** robots.txt: every crawler may read the shop, except the checkout, orders (in every language) and the operators' paths; the sitemap. */
export function robotsTxt(absolute: Absolute): string {
  const disallowed = [...DISALLOWED_PATH_PREFIXES, ...otherLanguages];
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absolute('/sitemap.xml')}`, ''].join('\n');
}
