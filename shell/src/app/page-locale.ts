import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, LOCALE_PREFIXES, localeOfPath, type ShopLocale } from '@shop/contracts/locales';

/**
 * The page's language (decision 036), read from its URL by the shell alone: every slot hands it to its part as the
 * `locale` prop, and the shell's own words (fallbacks, the 404 page, the breadcrumb) follow it.
 */
export const PageLocaleContext = createContext<ShopLocale>(DEFAULT_LOCALE);

export const usePageLocale = (): ShopLocale => useContext(PageLocaleContext);

/** The router's basename for a page's URL: `/ar` on an Arabic page (every link then keeps it), none in French. */
export function routerBasename(pathname: string): string | undefined {
  return LOCALE_PREFIXES[localeOfPath(pathname).locale] || undefined;
}
