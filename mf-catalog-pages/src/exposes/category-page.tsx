import { CategoryPage } from '../listing/category-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { listingWords } from '../messages/listing-words';

export default part(CategoryPage, [sharedWords, listingWords]);
