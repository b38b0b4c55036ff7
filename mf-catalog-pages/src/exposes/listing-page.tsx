import { ListingPage } from '../listing/listing-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { listingWords } from '../messages/listing-words';
import { listingLayoutsWords } from '../messages/listing-layouts-words';

export default part(ListingPage, [sharedWords, listingWords, listingLayoutsWords]);
