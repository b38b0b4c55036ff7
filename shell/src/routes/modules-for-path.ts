import { matchPath } from 'react-router-dom';
import type { ExposedModuleId } from '@shop/contracts/exposes';
import { routeTable } from './route-table';

/** The frame and the cart are on every page. */
const FRAME_MODULES: readonly ExposedModuleId[] = ['mf_frame/Header', 'mf_frame/Footer', 'mf_cart/CartDropdown'];

/** Every exposed module the first screen of `pathname` renders, so they can be preloaded together. */
export function modulesForPath(pathname: string): ExposedModuleId[] {
  const def = routeTable.find((r) => matchPath(r.path, pathname));
  if (!def) return [...FRAME_MODULES];
  const extra: ExposedModuleId[] = def.module === 'mf_catalog_pages/CheckoutPage' ? ['mf_cart/CartLines'] : [];
  return [...FRAME_MODULES, def.module, ...extra];
}
