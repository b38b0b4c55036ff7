import type { OrderStatus } from '@shop/contracts/orders';
import type { MessageId } from '../shared/page-text';

/** The normal life of an order, in order; `annulée` is off this path and shown apart. */
export const orderSteps: readonly Exclude<OrderStatus, 'annulée'>[] = ['reçue', 'confirmée', 'expédiée', 'livrée'];

/** The statuses as a shopper reads them (the service's values are French and lower case, for the data). */
export const orderStatusLabels: Readonly<Record<OrderStatus, MessageId>> = {
  reçue: 'orders.status.received',
  confirmée: 'orders.status.confirmed',
  expédiée: 'orders.status.shipped',
  livrée: 'orders.status.delivered',
  annulée: 'orders.status.cancelled',
};

/** One sentence per status, so the shopper knows what happens next without calling. */
export const orderStatusDetails: Readonly<Record<OrderStatus, MessageId>> = {
  reçue: 'orders.status.received.detail',
  confirmée: 'orders.status.confirmed.detail',
  expédiée: 'orders.status.shipped.detail',
  livrée: 'orders.status.delivered.detail',
  annulée: 'orders.status.cancelled.detail',
};
