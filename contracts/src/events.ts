/**
 * Browser events that cross remote boundaries. Only the names are shared (as types), so no remote
 * imports another's code: `const name: CartChangedEventName = 'cart:changed'` is checked at compile time.
 */

/** Fired on `window` after any cart change made outside mf-cart (e.g. add to cart on a listing). mf-cart revalidates on it. */
export type CartChangedEventName = 'cart:changed';

/** Fired on `window` when the wishlist (kept in localStorage under WishlistStorageKey) changes, so every heart and count updates. */
export type WishlistChangedEventName = 'wishlist:changed';
export type WishlistStorageKey = 'shop.wishlist';
