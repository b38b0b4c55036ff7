import { CategoryPage } from '../listing/category-page';
import { part } from '../messages/messages';

export default part(CategoryPage);
