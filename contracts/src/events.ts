/**
 * Browser events that cross remote boundaries, with their names as values (each remote bundles this module; nothing
 * of it is federated), so a sender and a listener cannot disagree on a name.
 */

/** Fired on `window` after any cart change made outside mf-cart (e.g. add to cart on a listing). mf-cart revalidates on it. */
export const CART_CHANGED_EVENT = 'cart:changed';
export type CartChangedEventName = typeof CART_CHANGED_EVENT;

/**
 * Fired on `window` when the wishlist changes, so every heart and count updates. The wishlist is kept in
 * `localStorage` under WISHLIST_STORAGE_KEY as a JSON array of product ids (`Product.id`), most recent first.
 */
export const WISHLIST_CHANGED_EVENT = 'wishlist:changed';
export type WishlistChangedEventName = typeof WISHLIST_CHANGED_EVENT;
export const WISHLIST_STORAGE_KEY = 'shop.wishlist';
export type WishlistStorageKey = typeof WISHLIST_STORAGE_KEY;

/** Tells every remote on the page that the cart changed on the server. */
export function announceCartChanged(target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
}

/** Calls `listener` on every cart change announced by another remote; returns the unsubscribe function. */
export function onCartChanged(listener: () => void, target: EventTarget = window): () => void {
  target.addEventListener(CART_CHANGED_EVENT, listener);
  return () => target.removeEventListener(CART_CHANGED_EVENT, listener);
}
