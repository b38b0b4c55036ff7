import { CartPage } from '../cart/cart-page';
import { part } from '../messages/messages';

export default part(CartPage);
