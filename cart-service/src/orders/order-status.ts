import type { OrderStatus } from '@shop/contracts/orders';

/**
 * The life of a cash-on-delivery order: the shop calls to confirm, ships, the courier collects the cash. An order can
 * be cancelled until it leaves the warehouse; a delivered or cancelled order is final.
 */
export const ORDER_STATUSES: readonly OrderStatus[] = ['reçue', 'confirmée', 'expédiée', 'livrée', 'annulée'];

const allowedFrom: Record<OrderStatus, readonly OrderStatus[]> = {
  reçue: [],
  confirmée: ['reçue'],
  expédiée: ['confirmée'],
  livrée: ['expédiée'],
  annulée: ['reçue', 'confirmée'],
};

/** The statuses an order may be in for it to move to `status`. */
export function statusesAllowedBefore(status: OrderStatus): readonly OrderStatus[] {
  return allowedFrom[status];
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
