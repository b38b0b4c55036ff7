import type { CartItem } from '@shop/contracts/cart';
import type { Order, OrderLine, TrackedOrder } from '@shop/contracts/orders';
import type { StoredOrder } from '../store/order-store';

/** A cart line frozen into an order: the catalogue's name and prices at this moment. */
export function orderLineOf(item: CartItem): OrderLine {
  const { productId, name, price, oldPrice, quantity, images } = item;
  return oldPrice === undefined
    ? { productId, name, price, quantity, images: [...images] }
    : { productId, name, price, oldPrice, quantity, images: [...images] };
}

/** Sum of price × quantity, in centimes to avoid binary fractions (19.9 × 3 is 59.7, not 59.699999…). */
export function orderTotal(lines: readonly OrderLine[]): number {
  const centimes = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return centimes / 100;
}

/** What the visitor who placed it and the operators see (the owner's session id is never sent). */
export function orderJson(order: StoredOrder): Order {
  return {
    number: order.number,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    updatedAt: new Date(order.updatedAt).toISOString(),
    paymentMethod: 'cash_on_delivery',
    lines: order.lines,
    total: order.total,
    delivery: order.delivery,
  };
}

/** What tracking shows: no name or address, since the number and phone may have been passed on. */
export function trackedOrderJson(order: StoredOrder): TrackedOrder {
  return {
    number: order.number,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    updatedAt: new Date(order.updatedAt).toISOString(),
    lines: order.lines,
    total: order.total,
    city: order.delivery.city,
  };
}
