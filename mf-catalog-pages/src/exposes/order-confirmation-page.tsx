import { OrderConfirmationPage } from '../orders/order-confirmation-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { ordersWords } from '../messages/orders-words';

export default part(OrderConfirmationPage, [sharedWords, ordersWords]);
