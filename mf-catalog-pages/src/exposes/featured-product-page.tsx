import { FeaturedProductPage } from '../product/featured-product-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { featuredWords } from '../messages/featured-words';
import { productWords } from '../messages/product-words';

export default part(FeaturedProductPage, [sharedWords, productWords, featuredWords]);
