// Where bench/cart-service/fill.ts still imports it from: the cart as stored, priced from the catalogue now, is the
// store's (store/resolve-cart.ts), read by the cart and by orders alike. Goes once the bench imports it from store/.
export { resolveCart, type ResolvedCart } from '../store/resolve-cart';
