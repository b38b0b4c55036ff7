/**
 * The shop's languages (decision 036). French is the default and keeps today's URLs; every other language lives under
 * its prefix with the same paths and slugs after it (`/ar/shop/face`). The shell owns the language of a page: it reads
 * it from the path, never from a cookie or `Accept-Language`, and hands it to every part as a prop.
 */
export const SHOP_LOCALES = ['fr-MA', 'ar-MA'] as const;

export type ShopLocale = (typeof SHOP_LOCALES)[number];

export const DEFAULT_LOCALE: ShopLocale = 'fr-MA';

/** The path prefix of each language; the default language has none. */
export const LOCALE_PREFIXES: Readonly<Record<ShopLocale, '' | `/${string}`>> = { 'fr-MA': '', 'ar-MA': '/ar' };

/** What `<html dir>` says for a language. */
export function textDirection(locale: ShopLocale): 'ltr' | 'rtl' {
  return locale === 'ar-MA' ? 'rtl' : 'ltr';
}

/** The two-letter language (`<html lang>` keeps the region: `ar-MA`; Open Graph wants `ar_MA`). */
export function ogLocale(locale: ShopLocale): string {
  return locale.replace('-', '_');
}

export function isShopLocale(value: unknown): value is ShopLocale {
  return typeof value === 'string' && (SHOP_LOCALES as readonly string[]).includes(value);
}

/**
 * A path's language and the shop path it names: `/ar/shop/face` → `ar-MA`, `/shop/face`; `/ar` → `ar-MA`, `/`.
 * Anything without a known prefix is French.
 */
export function localeOfPath(pathname: string): { locale: ShopLocale; path: string } {
  for (const locale of SHOP_LOCALES) {
    const prefix = LOCALE_PREFIXES[locale];
    if (!prefix) continue;
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** A shop path (with its query or fragment) in a language: `('ar-MA', '/shop/face?tri=prix')` → `/ar/shop/face?tri=prix`. */
export function localizedPath(locale: ShopLocale, path: string): string {
  const prefix = LOCALE_PREFIXES[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : path.startsWith('/?') || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/**
 * How a client asks cart-service for a language: the `lang` query parameter (what the shop's pages send: a URL per
 * language caches well), else `Accept-Language`. Error codes are the same in every language; messages follow it.
 */
export const LANGUAGE_PARAMETER = 'lang';

/** The language an API request asked for: its `lang` parameter if it names a shop language, else `Accept-Language`'s first shop language. */
export function requestedLocale(parameter: string | null | undefined, acceptLanguage: string | null | undefined): ShopLocale {
  if (isShopLocale(parameter)) return parameter;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    const match = SHOP_LOCALES.find((locale) => locale.toLowerCase() === tag || locale.split('-')[0] === language);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** A text in every shop language: rules written once in `contracts` carry their messages this way. */
export type Localized<T = string> = Readonly<Record<ShopLocale, T>>;
