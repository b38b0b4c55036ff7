import type { Context, Middleware } from 'koa';
import { DEFAULT_LOCALE, localeOfPath, localizedPath, type ShopLocale } from '@shop/contracts/locales';

/**
 * A page's language is its URL's (decision 036): `/ar/…` is Arabic, every other path French. This middleware, placed
 * before the form posts and the pages, reads the prefix and leaves `ctx.path` as the shop path the route table knows, so
 * everything after it (the route table, form actions, redirects, the 404) works on one set of paths. Neither a cookie
 * nor `Accept-Language` changes a page's language: a URL shows the same page to every shopper and every crawler.
 */
export function pageLanguage(): Middleware {
  return async (ctx, next) => {
    const { locale, path } = localeOfPath(ctx.path);
    if (locale !== DEFAULT_LOCALE) {
      ctx.state.locale = locale;
      ctx.path = path;
    }
    await next();
  };
}

/** The page's language (after pageLanguage). */
export function localeOf(ctx: Context): ShopLocale {
  return (ctx.state.locale as ShopLocale | undefined) ?? DEFAULT_LOCALE;
}

/** A shop path (with its query) in the page's language: where a redirect of this page leads. */
export function inPageLanguage(ctx: Context, path: string): string {
  return localizedPath(localeOf(ctx), path);
}

/** The URL the shopper asked for, its language's prefix included: what the renderer renders. */
export function pageUrl(ctx: Context): string {
  return inPageLanguage(ctx, ctx.url);
}
