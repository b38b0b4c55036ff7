export { ListingPage as default } from '../listing/listing-page';
