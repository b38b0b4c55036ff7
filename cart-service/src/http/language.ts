import type { Context } from 'koa';
import { isShopLocale, LANGUAGE_PARAMETER, requestedLocale, SHOP_LOCALES, type Localized, type ShopLocale } from '@shop/contracts/locales';

const decided = new WeakMap<Context, ShopLocale>();

/**
 * The language a request asked for, what its names, descriptions and messages are written in (contracts'
 * `requestedLocale`): its `lang` parameter when that names a shop language, else its `Accept-Language`, else French.
 * When the header could decide (no usable `lang`), the answer gets `Vary: Accept-Language`, so a cache keeps one copy
 * per language; answers that never ask (images, health checks) get no Vary and keep their cache headers.
 */
export function languageOf(ctx: Context): ShopLocale {
  const known = decided.get(ctx);
  if (known) return known;
  const parameter = ctx.query[LANGUAGE_PARAMETER];
  const named = typeof parameter === 'string' && isShopLocale(parameter) ? parameter : undefined;
  if (!named) ctx.vary('Accept-Language');
  const locale = requestedLocale(named, ctx.get('Accept-Language'));
  decided.set(ctx, locale);
  return locale;
}

/** One value per shop language, made once (a body schema whose rules speak that language…). */
export function perLocale<T>(make: (locale: ShopLocale) => T): Localized<T> {
  return Object.fromEntries(SHOP_LOCALES.map((locale) => [locale, make(locale)])) as Record<ShopLocale, T>;
}
