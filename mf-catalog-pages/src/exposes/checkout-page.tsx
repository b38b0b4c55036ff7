export { CheckoutPage as default } from '../checkout/checkout-page';
