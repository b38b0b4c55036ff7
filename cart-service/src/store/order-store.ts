import type { DeliveryDetails, OrderLine, OrderStatus } from '@shop/contracts/orders';
import type { StoredLine } from './cart-store';

/** An order as stored: everything the shopper saw when placing it, frozen, plus who placed it. */
export interface StoredOrder {
  number: string;
  /**
   * The session that may read its confirmation: a new session given to the visitor when the order is placed (the
   * session id rotates), so a cookie copied before the order cannot read it. Orders stored before rotation existed
   * have the session that placed them here.
   */
  ownerId: string;
  /**
   * The session that placed it, whose cart (same id) it emptied; its idempotency key is scoped to this session and to
   * the owner's. Orders stored before rotation existed are read with `placedBy` equal to `ownerId`.
   */
  placedBy: string;
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
  /** This visitor already used the idempotency key: the order placed then (committed), nothing new. */
  | { kind: 'replayed'; order: StoredOrder; fingerprint: string }
  /** The cart no longer holds the lines the order was built from (changed in another tab): build it again. */
  | { kind: 'cart_changed' }
  /** The generated number is already used: draw another one. */
  | { kind: 'number_taken' }
  /** A line asks for more units than are on hand (`left`): nothing was written. */
  | { kind: 'out_of_stock'; productId: string; left: number };

export type SetStatusResult =
  | { kind: 'updated'; order: StoredOrder }
  | { kind: 'not_found' }
  /** The order's current status is not one the change may start from. */
  | { kind: 'invalid_transition'; order: StoredOrder };

/** Where the next page of a list starts: after this order (newest first). */
export interface OrderCursor {
  createdAt: number;
  number: string;
}

export interface OrderPage {
  orders: StoredOrder[];
  /** Present when more orders follow. */
  next?: OrderCursor;
}

/** An order found by its idempotency key, with the fingerprint of the request body that placed it. */
export interface KeyedOrder {
  order: StoredOrder;
  fingerprint: string;
}

/** What an operator asks of the list of orders; every filter given narrows it (they combine with AND). */
export interface OrderQuery {
  status?: OrderStatus;
  limit: number;
  after?: OrderCursor;
  /** An order number as it is stored (`K7M2-Q9XP`): callers normalise what was typed (normalizeOrderNumber). */
  number?: string;
  /** A phone as delivery details store it (`+212612345678`): callers normalise what was typed (normalizeMoroccanPhone). */
  phone?: string;
}

/**
 * Orders are business records: they never expire; idempotency keys are kept IDEMPOTENCY_TTL_MS. Every method
 * resolves once what it answers is committed.
 */
export interface OrderStore {
  /**
   * One transaction: a key the placing session (`order.placedBy`) already used answers `replayed`; otherwise, only
   * when its cart still holds exactly `expectedLines` and every line's units are on hand, stores the order, takes its
   * units from stock, remembers the key (with `fingerprint`) for the placing session and for the owner's
   * (`order.ownerId`), and empties the cart.
   */
  placeOrder(order: StoredOrder, idempotencyKey: string, fingerprint: string, expectedLines: readonly StoredLine[]): Promise<PlaceOrderResult>;
  /** The order placed with this key by this session, or owned by it (a retry from either side of the rotation). */
  findByIdempotencyKey(sessionId: string, idempotencyKey: string): Promise<KeyedOrder | undefined>;
  getOrder(number: string): Promise<StoredOrder | undefined>;
  /**
   * Newest first, `limit` at most, after `after`, with `status` only when given; `number` and `phone` narrow to exact
   * matches (an operator searching an order), and page with the same cursor.
   */
  listOrders(query: OrderQuery): Promise<OrderPage>;
  /**
   * Sets the status when the current one is in `from`. Cancelling (`annulée`) returns the order's units to stock in
   * the same transaction.
   */
  setOrderStatus(number: string, status: OrderStatus, from: readonly OrderStatus[], at: number): Promise<SetStatusResult>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The same lines whatever their order: `id=quantity` pairs, sorted. */
export function linesSignature(lines: readonly StoredLine[]): string {
  return lines
    .map((line) => `${line.productId}=${line.quantity}`)
    .sort()
    .join(',');
}
