import { crumbTarget, decodePathSegment, labelForPath, labelForSegment } from '@shop/contracts/route-matching';
import { DEFAULT_LOCALE, type ShopLocale } from '@shop/contracts/locales';
import type { ShopHref } from '@shop/contracts/routes';

export interface Crumb {
  label: string;
  /** Absent on the last crumb, which is the current page and not a link. */
  to?: ShopHref;
}

/**
 * Accueil, then one crumb per path segment, named by the route table in the page's language; the last one is not a link (spec, "Layout"). `lastLabel`
 * names the current page when the shell knows better than its segment (a product's name).
 */
export function crumbsFor(pathname: string, lastLabel?: string, locale: ShopLocale = DEFAULT_LOCALE): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: labelForPath('/', locale) ?? '', to: '/' }];
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const label = (isLast ? lastLabel : undefined) ?? labelForPath(path, locale) ?? labelForSegment(segment, locale) ?? decodePathSegment(segment);
    if (isLast) {
      crumbs.push({ label });
      return;
    }
    const to = crumbTarget(path);
    crumbs.push(to ? { label, to } : { label });
  });
  return crumbs;
}
