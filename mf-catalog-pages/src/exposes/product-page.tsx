import { ProductPage } from '../product/product-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { productWords } from '../messages/product-words';

export default part(ProductPage, [sharedWords, productWords]);
