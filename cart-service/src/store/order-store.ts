import type { DeliveryDetails, OrderLine, OrderStatus } from '@shop/contracts/orders';
import type { StoredLine } from './cart-store';

/** An order as stored: everything the shopper saw when placing it, frozen, plus who placed it. */
export interface StoredOrder {
  number: string;
  /** The session (cart id) that placed it: only that visitor may read its confirmation. */
  ownerId: string;
  status: OrderStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  lines: OrderLine[];
  total: number;
  /** `phone` is normalised (+212XXXXXXXXX), so tracking compares like with like. */
  delivery: DeliveryDetails;
}

export type PlaceOrderResult =
  | { kind: 'placed'; order: StoredOrder }
  /** This visitor already used the idempotency key: the order placed then, nothing new. */
  | { kind: 'replayed'; order: StoredOrder }
  /** The cart no longer holds the lines the order was built from (changed in another tab): build it again. */
  | { kind: 'cart_changed' }
  /** The generated number is already used: draw another one. */
  | { kind: 'number_taken' };

export type SetStatusResult =
  | { kind: 'updated'; order: StoredOrder }
  | { kind: 'not_found' }
  /** The order's current status is not one the change may start from. */
  | { kind: 'invalid_transition'; order: StoredOrder };

/**
 * Orders live in the same store as carts (file or Redis), so placing one can empty the cart in the same atomic step.
 * Orders never expire (they are business records); idempotency keys are kept IDEMPOTENCY_TTL_MS.
 */
export interface OrderStore {
  /**
   * One atomic step: a key this visitor already used answers `replayed`; otherwise, only when the cart still holds
   * exactly `expectedLines`, stores the order, remembers the key and empties the cart. Answers once it is durable.
   */
  placeOrder(order: StoredOrder, idempotencyKey: string, expectedLines: readonly StoredLine[]): Promise<PlaceOrderResult>;
  findByIdempotencyKey(ownerId: string, idempotencyKey: string): Promise<StoredOrder | undefined>;
  getOrder(number: string): Promise<StoredOrder | undefined>;
  /** Newest first. */
  listOrders(): Promise<StoredOrder[]>;
  /** Sets the status when the current one is in `from`. */
  setOrderStatus(number: string, status: OrderStatus, from: readonly OrderStatus[], at: number): Promise<SetStatusResult>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The same lines whatever their order: `id=quantity` pairs, sorted (also what the Redis script compares). */
export function linesSignature(lines: readonly StoredLine[]): string {
  return lines
    .map((line) => `${line.productId}=${line.quantity}`)
    .sort()
    .join(',');
}
