import { breadcrumbOnly, pageRoutes, redirects, shellRoutes, type PageRouteDef, type RouteParam, type ShopPath } from './routes';

/**
 * Reading the route table: which page a path is, what its parameter holds, whether the shop serves it at all. The
 * shell's router, its server and its breadcrumb use these, so they never disagree on what a path means.
 */

/** `/shop/face/` and `/shop/face` are the same page; `/` stays `/`. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function paramOf(pattern: string, pathname: string): { matches: boolean; value?: string } {
  const a = pattern.split('/');
  const b = pathname.split('/');
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

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page a path shows, or undefined (a shell page, a redirect, or nothing). */
export function matchPageRoute(pathname: string): RouteMatch | undefined {
  const path = normalisePath(pathname);
  for (const route of pageRoutes as readonly PageRouteDef[]) {
    const { matches, value } = paramOf(route.path, path);
    if (!matches) continue;
    const param = 'param' in route ? route.param : undefined;
    return { route, params: param && value !== undefined ? { [param]: decode(value) } : {} };
  }
  return undefined;
}

/** Where an alias redirects, or undefined. */
export function redirectFor(pathname: string): string | undefined {
  const path = normalisePath(pathname);
  return Object.hasOwn(redirects, path) ? redirects[path as keyof typeof redirects] : undefined;
}

/** Whether the shop serves this path (the server answers 404 otherwise). Redirect sources count as known. */
export function isKnownPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return matchPageRoute(path) !== undefined || shellRoutes.some((r) => r.path === path) || redirectFor(path) !== undefined;
}

/** The breadcrumb's label for exactly this path (a page without parameter, a shell page, or a listed prefix). */
export function labelForPath(pathname: string): string | undefined {
  const path = normalisePath(pathname);
  const page = (pageRoutes as readonly PageRouteDef[]).find((r) => r.path === path && 'label' in r);
  if (page && 'label' in page) return page.label;
  const shellPage = shellRoutes.find((r) => r.path === path);
  if (shellPage) return shellPage.label;
  return Object.hasOwn(breadcrumbOnly, path) ? breadcrumbOnly[path]?.label : undefined;
}

/**
 * The label of a page whose last segment is `segment` (`cart` → « Panier »), for a crumb of a path that is not a page
 * itself (a mistyped address on the 404 page still reads in French).
 */
export function labelForSegment(segment: string): string | undefined {
  const last = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  for (const route of pageRoutes as readonly PageRouteDef[]) {
    if ('label' in route && route.path !== '/' && last(route.path) === segment) return route.label;
  }
  const prefix = Object.keys(breadcrumbOnly).find((path) => last(path) === segment);
  if (prefix) return breadcrumbOnly[prefix]?.label;
  return shellRoutes.find((r) => last(r.path) === segment)?.label;
}

/** Where a breadcrumb's intermediate crumb links: the page itself, the page listing its children, or nowhere. */
export function crumbTarget(pathname: string): ShopPath | undefined {
  const path = normalisePath(pathname);
  if (Object.hasOwn(breadcrumbOnly, path)) return breadcrumbOnly[path]?.to;
  // A normalised known path is one of the table's paths (or a concrete one of its patterns).
  return isKnownPath(path) ? (path as ShopPath) : undefined;
}
