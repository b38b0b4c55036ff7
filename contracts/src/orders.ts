/**
 * Orders: cash on delivery. The service builds an order from the session's cart with the catalogue's prices at that
 * moment; nothing about prices or names is taken from the client.
 *
 * - `POST /api/orders` (header `Idempotency-Key`, body `PlaceOrderBody`) → `201 OrderResponse`; the same key sent
 *   again by the same visitor answers `200` with the same order (one order however many times the page submits).
 *   An empty cart answers `409 cart_empty`; invalid details `400 validation_failed` with `fields`.
 * - `GET /api/orders/:number` → `200 OrderResponse`, only for the visitor (session) that placed it; anything else
 *   answers `404 order_not_found` (the confirmation page survives a reload, nobody else can read it).
 * - `POST /api/orders/track` (body `TrackOrderBody`) → `200 TrackOrderResponse`. An unknown number and a wrong phone
 *   answer the same `404 order_not_found`; repeated failures from one visitor answer `429 too_many_attempts` with
 *   `Retry-After` (seconds).
 * - Operators: `GET /admin/orders`, `POST /admin/orders/:number/status` on cart-service itself (not proxied by the
 *   shell), with `Authorization: Bearer <ADMIN_TOKEN>`; see `cart-service/src/cli/orders-cli.ts`.
 */

import type { CartItem } from './cart';

/** `reçue` when placed; then `confirmée` (called back), `expédiée`, `livrée`; or `annulée` before shipping. */
export type OrderStatus = 'reçue' | 'confirmée' | 'expédiée' | 'livrée' | 'annulée';

/** What the shopper types at checkout. */
export interface DeliveryDetails {
  fullName: string;
  /** A Moroccan number; the service stores it normalised as +212XXXXXXXXX. */
  phone: string;
  city: string;
  address: string;
  /** Optional instructions for the courier (at most 500 characters). */
  note?: string;
}

export type PlaceOrderBody = DeliveryDetails;

/**
 * A cart line frozen when the order was placed: the same fields, its price the unit price paid for this order (a later
 * price change does not alter it).
 */
export type OrderLine = CartItem;

export interface Order {
  /** Short, readable over the phone, not guessable: e.g. `K7M2-Q9XP` (no 0/O, 1/I/L). */
  number: string;
  status: OrderStatus;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  paymentMethod: 'cash_on_delivery';
  lines: OrderLine[];
  /** Sum of price × quantity, in MAD. No fee, tax or shipping (spec). */
  total: number;
  delivery: DeliveryDetails;
}

export interface OrderResponse {
  order: Order;
}

export interface TrackOrderBody {
  number: string;
  phone: string;
}

/** What tracking shows: no address or name, since the number and phone may have been shared with someone else. */
export interface TrackedOrder {
  number: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  lines: OrderLine[];
  total: number;
  city: string;
}

export interface TrackOrderResponse {
  order: TrackedOrder;
}

/**
 * `GET /admin/orders?status=&q=&limit=&cursor=`: newest first, `limit` orders at most (default 50, at most 100).
 * `q` searches one order number (normalizeOrderNumber) or Moroccan phone number (normalizeMoroccanPhone), matched
 * exactly once normalised; anything else is a 400 `validation_failed`. `status` and `q` combine.
 * `nextCursor` asks for the next page (same `status` and `q`); null on the last page.
 */
export interface AdminOrdersResponse {
  orders: Order[];
  nextCursor: string | null;
}

export interface SetOrderStatusBody {
  status: OrderStatus;
}

/** Every status, in the order an order goes through them (`annulée` last). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['reçue', 'confirmée', 'expédiée', 'livrée', 'annulée'];

/**
 * The life of a cash-on-delivery order: the shop calls to confirm, ships, the courier collects the cash. An order can
 * be cancelled until it leaves the warehouse; a delivered or cancelled order is final. For each status, the statuses
 * an order may be in to move to it (cart-service enforces it; the console offers only these moves).
 */
const ALLOWED_FROM: Record<OrderStatus, readonly OrderStatus[]> = {
  reçue: [],
  confirmée: ['reçue'],
  expédiée: ['confirmée'],
  livrée: ['expédiée'],
  annulée: ['reçue', 'confirmée'],
};

/** The statuses an order may be in for it to move to `status`. */
export function statusesAllowedBefore(status: OrderStatus): readonly OrderStatus[] {
  return ALLOWED_FROM[status];
}

/** Where an order in `status` may move next. */
export function nextOrderStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((next) => ALLOWED_FROM[next].includes(status));
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
