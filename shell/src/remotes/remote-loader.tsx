import { createContext, useContext } from 'react';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';
import type { ViewOutcome } from '@shop/contracts/progressive-delivery';
import type { HydrationGate } from './hydration-gate';

/**
 * How the slots get remote modules: in the browser from the federation runtime of the shell's build, on the server
 * from the renderer's own instance, which loaded every module before its first page (decision 017).
 */
export interface RemoteLoader {
  load<Id extends ExposedModuleId>(id: Id): Promise<ExposedModules[Id]>;
  /**
   * Why the server rendered this slot's fallback (its remote could not be loaded there), or null. The browser gives
   * the same answer while it hydrates the page, so both sides render the same tree.
   */
  serverFailure(id: ExposedModuleId): Error | null;
  /** What became of a slot in this page view (the browser's telemetry, decision 021); nothing on the server. */
  report?(id: ExposedModuleId, outcome: ViewOutcome): void;
  /**
   * The gate a deferred part's server HTML waits behind before its code is fetched (hydration-gate.ts), the same one
   * on every call for a module, or null: the code is fetched when the slot renders. Only the browser's loader of a
   * server-rendered page has gates; which parts are deferred is the slot's to know (`DEFERRED_PARTS`).
   */
  hydrationGate?(id: ExposedModuleId): HydrationGate | null;
}

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('RemoteSlot outside <ShopApp>: no remote loader');
  return loader;
}
