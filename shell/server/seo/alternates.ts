import { DEFAULT_LOCALE, localizedPath, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import type { Absolute } from './structured-data';

/** One hreflang alternate: the same page in a language; `x-default` is the one shown when no language fits. */
export interface Alternate {
  hreflang: ShopLocale | 'x-default';
  href: string;
}

/**
 * The page at `canonicalPath` (a shop path without language prefix) in every shop language, then French as
 * `x-default` (decision 036): what the page's `<link rel="alternate" hreflang>` and its sitemap entries list, the same
 * on every language's page.
 */
export function alternatesOf(canonicalPath: string, absolute: Absolute): Alternate[] {
  return [
    ...SHOP_LOCALES.map((locale): Alternate => ({ hreflang: locale, href: absolute(localizedPath(locale, canonicalPath)) })),
    { hreflang: 'x-default', href: absolute(localizedPath(DEFAULT_LOCALE, canonicalPath)) },
  ];
}
