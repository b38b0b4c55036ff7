import { CartPage } from '../cart/cart-page';
import { cartWords, part } from '../messages/messages';

export default part(CartPage, [cartWords]);
