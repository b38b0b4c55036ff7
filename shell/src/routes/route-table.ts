import type { ComponentProps } from 'react';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';

/** One route: the path and the remote module (with its props) that renders the page content. */
export interface RouteDef<Id extends ExposedModuleId = ExposedModuleId> {
  path: string;
  module: Id;
  props: ComponentProps<ExposedModules[Id]['default']>;
}

function route<Id extends ExposedModuleId>(path: string, module: Id, props: RouteDef<Id>['props']): RouteDef {
  return { path, module, props } as RouteDef;
}

/**
 * Every route the shop serves, in one place. The browser router and the shell's server (which answers
 * 404 for anything else) both read this table.
 */
export const routeTable: readonly RouteDef[] = [
  route('/', 'mf_catalog_pages/HomePage', {}),
  route('/shop/all', 'mf_catalog_pages/CategoryPage', { category: 'all' }),
  route('/shop/face', 'mf_catalog_pages/CategoryPage', { category: 'face' }),
  route('/shop/body', 'mf_catalog_pages/CategoryPage', { category: 'body' }),
  route('/shop/hair', 'mf_catalog_pages/CategoryPage', { category: 'hair' }),
  route('/shop/pack', 'mf_catalog_pages/CategoryPage', { category: 'pack' }),
  route('/shop/checkout', 'mf_catalog_pages/CheckoutPage', {}),
];

/** Paths without a breadcrumb (spec, "Layout"). */
export const pathsWithoutBreadcrumb: ReadonlySet<string> = new Set(['/', '/index2']);

export function isKnownPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routeTable.some((r) => r.path === normalised);
}
