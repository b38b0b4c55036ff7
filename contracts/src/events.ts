/**
 * Browser events that cross remote boundaries. Only the names are shared (as types), so no remote
 * imports another's code: `const name: CartChangedEventName = 'cart:changed'` is checked at compile time.
 */

/** Fired on `window` after any cart change made outside mf-cart (e.g. add to cart on a listing). mf-cart revalidates on it. */
export type CartChangedEventName = 'cart:changed';

/**
 * Fired on `window` when the wishlist changes, so every heart and count updates. The wishlist is kept in
 * `localStorage` under WishlistStorageKey as a JSON array of product ids (`Product.id`), most recent first.
 */
export type WishlistChangedEventName = 'wishlist:changed';
export type WishlistStorageKey = 'shop.wishlist';
