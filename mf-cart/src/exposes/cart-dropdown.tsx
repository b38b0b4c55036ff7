export { CartDropdown as default } from '../cart/cart-dropdown';
