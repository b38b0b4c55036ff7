export { WishlistPage as default } from '../wishlist/wishlist-page';
