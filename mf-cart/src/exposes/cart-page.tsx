export { CartPage as default } from '../cart/cart-page';
