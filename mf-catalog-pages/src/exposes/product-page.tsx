import { ProductPage } from '../product/product-page';
import { part } from '../messages/messages';

export default part(ProductPage);
