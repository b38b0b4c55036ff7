import type { ExposedModuleId } from '@shop/contracts/exposes';
import { matchPageRoute } from '@shop/contracts/route-matching';

/** The frame and the cart are on every page. */
const FRAME_MODULES: readonly ExposedModuleId[] = ['mf_frame/Header', 'mf_frame/Footer', 'mf_cart/CartDropdown'];

/** Every exposed module the first screen of `pathname` renders, so they can be preloaded together. */
export function modulesForPath(pathname: string): ExposedModuleId[] {
  // The browser's router matches paths case-insensitively; so does preloading (order numbers are matched as a parameter).
  const def = matchPageRoute(pathname.toLowerCase())?.route;
  if (!def) return [...FRAME_MODULES];
  const extra: ExposedModuleId[] = 'cartLines' in def && def.cartLines ? ['mf_cart/CartLines'] : [];
  return [...FRAME_MODULES, def.module, ...extra];
}
