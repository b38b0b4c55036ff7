import { FeaturedProductPage } from '../product/featured-product-page';
import { part } from '../messages/messages';

export default part(FeaturedProductPage);
