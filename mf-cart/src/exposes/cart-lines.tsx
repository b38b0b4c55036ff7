import { CartLines } from '../cart/cart-lines';
import { part } from '../messages/messages';

export default part(CartLines);
