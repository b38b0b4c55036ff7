export { CartLines as default } from '../cart/cart-lines';
