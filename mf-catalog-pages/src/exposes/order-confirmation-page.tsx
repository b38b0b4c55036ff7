import { OrderConfirmationPage } from '../orders/order-confirmation-page';
import { part } from '../messages/messages';

export default part(OrderConfirmationPage);
