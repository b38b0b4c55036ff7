import { CheckoutPage } from '../checkout/checkout-page';
import { part } from '../messages/messages';

export default part(CheckoutPage);
