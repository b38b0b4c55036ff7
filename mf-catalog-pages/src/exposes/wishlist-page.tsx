import { WishlistPage } from '../wishlist/wishlist-page';
import { part } from '../messages/messages';

export default part(WishlistPage);
