import { CartDropdown } from '../cart/cart-dropdown';
import { part } from '../messages/messages';

export default part(CartDropdown);
