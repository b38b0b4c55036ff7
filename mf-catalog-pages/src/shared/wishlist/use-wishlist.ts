import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { parseWishlist, toggleId, WISHLIST_CHANGED, WISHLIST_KEY, writeWishlist } from './wishlist-storage';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === WISHLIST_KEY) onChange();
  };
  window.addEventListener(WISHLIST_CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(WISHLIST_CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// The raw string is the snapshot: it is stable between changes, so React re-renders only when the list changes.
function snapshot(): string | null {
  try {
    return window.localStorage.getItem(WISHLIST_KEY);
  } catch {
    return null;
  }
}

export interface UseWishlist {
  ids: string[];
  has: (productId: string) => boolean;
  /** Returns whether the product is now in the list, or null if the browser refused to store it. */
  toggle: (productId: string) => boolean | null;
}

export function useWishlist(): UseWishlist {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  const ids = useMemo(() => parseWishlist(raw), [raw]);
  const has = useCallback((productId: string) => ids.includes(productId), [ids]);
  const toggle = useCallback((productId: string) => {
    // Read fresh: another tab (or another heart) may have changed the list since this render.
    const next = toggleId(parseWishlist(snapshot()), productId);
    let ok: boolean;
    try {
      ok = writeWishlist(window.localStorage, next, window);
    } catch {
      ok = false;
    }
    return ok ? next.includes(productId) : null;
  }, []);
  return { ids, has, toggle };
}
