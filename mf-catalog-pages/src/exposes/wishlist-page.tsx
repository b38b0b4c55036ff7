import { WishlistPage } from '../wishlist/wishlist-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { wishlistWords } from '../messages/wishlist-words';

export default part(WishlistPage, [sharedWords, wishlistWords]);
