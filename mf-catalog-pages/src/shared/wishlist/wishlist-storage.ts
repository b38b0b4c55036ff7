import { WISHLIST_CHANGED_EVENT, WISHLIST_STORAGE_KEY } from '@shop/contracts/events';

export const WISHLIST_KEY = WISHLIST_STORAGE_KEY;
export const WISHLIST_CHANGED = WISHLIST_CHANGED_EVENT;

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

/** The stored list of product ids, most recent first. Anything unreadable (edited by hand, older format) counts as empty. */
export function parseWishlist(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64);
    return [...new Set(ids)];
  } catch {
    return [];
  }
}

export function readWishlist(storage: Reader): string[] {
  try {
    return parseWishlist(storage.getItem(WISHLIST_KEY));
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): the wishlist is then simply empty.
    return [];
  }
}

/** Adds the id at the front, or removes it if present. */
export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids];
}

/** Saves and tells every heart and counter on the page (other tabs learn it from the `storage` event). */
export function writeWishlist(storage: Writer, ids: readonly string[], target: EventTarget | null): boolean {
  try {
    storage.setItem(WISHLIST_KEY, JSON.stringify(ids));
  } catch {
    return false;
  }
  target?.dispatchEvent(new CustomEvent(WISHLIST_CHANGED));
  return true;
}
