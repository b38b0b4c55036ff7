import { DEFAULT_LOCALE, type Localized, type ShopLocale } from './locales';
import {
  breadcrumbOnly,
  pageRoutes,
  redirects,
  shellRoutes,
  type PageRoute,
  type PageRouteDef,
  type RouteParam,
  type ShopPath,
} from './routes';

/**
 * Reading the route table: which page a path is, what its parameter holds, whether the shop serves it at all. The
 * shell's router, its server and its breadcrumb use these, so they never disagree on what a path means.
 */

/** `/shop/face/` and `/shop/face` are the same page; `/` stays `/`. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function paramOf(pattern: string, path: string): { matches: boolean; value?: string } {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return { matches: false };
  let value: string | undefined;
  for (let i = 0; i < a.length; i += 1) {
    const part = a[i] ?? '';
    const actual = b[i] ?? '';
    if (part.startsWith(':')) {
      if (actual === '') return { matches: false };
      value = actual;
    } else if (part !== actual) {
      return { matches: false };
    }
  }
  return { matches: true, value };
}

export interface RouteMatch {
  route: PageRouteDef;
  /** The URL parameter, decoded, when the page has one. */
  params: Partial<Record<RouteParam, string>>;
}

/** A path segment decoded, or as written when it is not valid percent-encoding. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchNormalised(path: string): RouteMatch | undefined {
  for (const route of pageRoutes as readonly PageRouteDef[]) {
    const { matches, value } = paramOf(route.path, path);
    if (!matches) continue;
    const param = 'param' in route ? route.param : undefined;
    return { route, params: param && value !== undefined ? { [param]: decodePathSegment(value) } : {} };
  }
  return undefined;
}

const redirectOf = (path: string): string | undefined =>
  Object.hasOwn(redirects, path) ? redirects[path as keyof typeof redirects] : undefined;

const isKnownNormalised = (path: string): boolean =>
  matchNormalised(path) !== undefined || shellRoutes.some((r) => r.path === path) || redirectOf(path) !== undefined;

/** The page a path shows, or undefined (a shell page, a redirect, or nothing). */
export function matchPageRoute(pathname: string): RouteMatch | undefined {
  return matchNormalised(normalisePath(pathname));
}

/** Where an alias redirects, or undefined. */
export function redirectFor(pathname: string): string | undefined {
  return redirectOf(normalisePath(pathname));
}

/** Whether the shop serves this path (the server answers 404 otherwise). Redirect sources count as known. */
export function isKnownPath(pathname: string): boolean {
  return isKnownNormalised(normalisePath(pathname));
}

/** Whether the page shows one shopper's own data (a route with `shopper`): rendered for them alone. */
export function isShopperPage(pathname: string): boolean {
  const route = matchPageRoute(pathname)?.route;
  return route !== undefined && 'shopper' in route && route.shopper === true;
}

/**
 * What the shell fills into a page's props besides the table's own (`PageRoute`): the URL parameter with the 404 page
 * for an unknown one, and the cart-lines slot where the page shows it. The shell's router and a remote's harness both
 * render pages through it, each with its own 404 page and cart lines.
 */
export function pageProps<Node>(
  route: PageRoute,
  params: Readonly<Record<string, string | undefined>>,
  fill: { notFound: Node; cartLines: Node },
): Record<string, unknown> {
  const props: Record<string, unknown> = { ...route.props };
  if (route.param) Object.assign(props, { [route.param]: params[route.param] ?? '', notFound: fill.notFound });
  if (route.cartLines) props['cartLines'] = fill.cartLines;
  return props;
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Every labelled path, pages first: pages without a parameter, the shell's pages, breadcrumb-only prefixes. */
const labelledPaths: readonly { path: string; label: Localized }[] = [
  ...(pageRoutes as readonly PageRoute[]).flatMap(({ path, label }) => (label === undefined ? [] : [{ path, label }])),
  ...Object.entries(breadcrumbOnly).map(([path, { label }]) => ({ path, label })),
  ...shellRoutes,
];

/** The breadcrumb's label for exactly this path (a page without parameter, a shell page, or a listed prefix). */
export function labelForPath(pathname: string, locale: ShopLocale = DEFAULT_LOCALE): string | undefined {
  const path = normalisePath(pathname);
  return labelledPaths.find((entry) => entry.path === path)?.label[locale];
}

/**
 * The label of a page whose last segment is `segment` (`cart` → « Panier »), for a crumb of a path that is not a page
 * itself (a mistyped address on the 404 page still reads in the page's language).
 */
export function labelForSegment(segment: string, locale: ShopLocale = DEFAULT_LOCALE): string | undefined {
  return labelledPaths.find((entry) => entry.path !== '/' && lastSegment(entry.path) === segment)?.label[locale];
}

/** Where a breadcrumb's intermediate crumb links: the page itself, the page listing its children, or nowhere. */
export function crumbTarget(pathname: string): ShopPath | undefined {
  const path = normalisePath(pathname);
  if (Object.hasOwn(breadcrumbOnly, path)) return breadcrumbOnly[path]?.to;
  // A normalised known path is one of the table's paths (or a concrete one of its patterns).
  return isKnownNormalised(path) ? (path as ShopPath) : undefined;
}
