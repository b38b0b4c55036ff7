import { CheckoutPage } from '../checkout/checkout-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { checkoutWords } from '../messages/checkout-words';

export default part(CheckoutPage, [sharedWords, checkoutWords]);
