import { CartDropdown } from '../cart/cart-dropdown';
import { cartWords, part } from '../messages/messages';

export default part(CartDropdown, [cartWords]);
