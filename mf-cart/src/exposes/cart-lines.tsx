import { CartLines } from '../cart/cart-lines';
import { cartWords, part } from '../messages/messages';

export default part(CartLines, [cartWords]);
