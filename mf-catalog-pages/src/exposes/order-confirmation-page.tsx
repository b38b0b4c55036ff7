export { OrderConfirmationPage as default } from '../orders/order-confirmation-page';
