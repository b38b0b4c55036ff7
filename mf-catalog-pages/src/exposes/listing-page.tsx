import { ListingPage } from '../listing/listing-page';
import { part } from '../messages/messages';

export default part(ListingPage);
