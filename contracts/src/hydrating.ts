import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while React hydrates the server's HTML (it reads the server snapshot then), false on a render of its own, in
 * the browser or on the server: what the browser knows and the server cannot (a URL's fragment, an input's state)
 * shows only after hydration, so the hydrated tree first says what the server said.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
