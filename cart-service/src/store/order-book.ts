import { z } from 'zod';
import type { OrderStatus } from '@shop/contracts/orders';
import type { SetStatusResult, StoredOrder } from './order-store';
import { IDEMPOTENCY_TTL_MS } from './order-store';

const Status = z.enum(['reçue', 'confirmée', 'expédiée', 'livrée', 'annulée']);

const Line = z.strictObject({
  productId: z.string().min(1),
  name: z.string().min(1),
  price: z.number().nonnegative(),
  oldPrice: z.number().nonnegative().optional(),
  quantity: z.number().int().positive(),
  images: z.array(z.string()),
});

/** The shape of orders.json, checked when the file store opens. */
export const OrdersFile = z.strictObject({
  version: z.literal(1),
  orders: z.array(
    z.strictObject({
      number: z.string().min(1),
      ownerId: z.string().min(1),
      /** Absent on orders stored before session rotation: read as `ownerId`. */
      placedBy: z.string().min(1).optional(),
      status: Status,
      createdAt: z.number().int().nonnegative(),
      updatedAt: z.number().int().nonnegative(),
      lines: z.array(Line).min(1),
      total: z.number().nonnegative(),
      delivery: z.strictObject({
        fullName: z.string(),
        phone: z.string(),
        city: z.string(),
        address: z.string(),
        note: z.string().optional(),
      }),
    }),
  ),
  idempotency: z.array(
    z.strictObject({ ownerId: z.string(), key: z.string(), number: z.string(), expiresAt: z.number().int() }),
  ),
});

type OrdersFileData = z.infer<typeof OrdersFile>;

/**
 * The file store's orders, in memory: orders by number (in placing order) and the idempotency keys still valid.
 */
export class OrderBook {
  private readonly orders = new Map<string, StoredOrder>();
  private readonly keys = new Map<string, { number: string; expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    data?: OrdersFileData,
  ) {
    for (const order of data?.orders ?? []) this.orders.set(order.number, { ...order, placedBy: order.placedBy ?? order.ownerId });
    for (const entry of data?.idempotency ?? []) {
      this.keys.set(keyOf(entry.ownerId, entry.key), { number: entry.number, expiresAt: entry.expiresAt });
    }
  }

  has(number: string): boolean {
    return this.orders.has(number);
  }

  get(number: string): StoredOrder | undefined {
    return this.orders.get(number);
  }

  byKey(ownerId: string, key: string): StoredOrder | undefined {
    const entry = this.keys.get(keyOf(ownerId, key));
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return this.orders.get(entry.number);
  }

  /** Stores the order and remembers its key for the session that placed it and for its owner's session. */
  add(order: StoredOrder, key: string): void {
    this.orders.set(order.number, order);
    const entry = { number: order.number, expiresAt: this.now() + IDEMPOTENCY_TTL_MS };
    this.keys.set(keyOf(order.placedBy, key), entry);
    this.keys.set(keyOf(order.ownerId, key), { ...entry });
  }

  list(): StoredOrder[] {
    return [...this.orders.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  setStatus(number: string, status: OrderStatus, from: readonly OrderStatus[], at: number): SetStatusResult {
    const order = this.orders.get(number);
    if (!order) return { kind: 'not_found' };
    if (!from.includes(order.status)) return { kind: 'invalid_transition', order };
    const updated = { ...order, status, updatedAt: at };
    this.orders.set(number, updated);
    return { kind: 'updated', order: updated };
  }

  snapshot(): OrdersFileData {
    const now = this.now();
    const idempotency = [];
    for (const [composite, entry] of this.keys) {
      if (entry.expiresAt <= now) {
        this.keys.delete(composite);
        continue;
      }
      const [ownerId, key] = JSON.parse(composite) as [string, string];
      idempotency.push({ ownerId, key, number: entry.number, expiresAt: entry.expiresAt });
    }
    return { version: 1, orders: [...this.orders.values()], idempotency };
  }
}

const keyOf = (ownerId: string, key: string) => JSON.stringify([ownerId, key]);
