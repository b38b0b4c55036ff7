import type { OrderStatus } from '@shop/contracts/orders';
import { sqlState, type SqlClient, type SqlQueryable } from '../db/sql-client';
import type { StoredLine } from './cart-store';
import { liveCart } from './sql-carts';
import { addStock, takeStock } from './sql-stock';
import type { KeyedOrder, OrderPage, OrderQuery, OrderStore, PlaceOrderResult, SetStatusResult, StoredOrder } from './order-store';
import { IDEMPOTENCY_TTL_MS, linesSignature } from './order-store';

interface OrderRow {
  number: string;
  owner_id: string;
  placed_by: string;
  status: OrderStatus;
  created_at: Date;
  updated_at: Date;
  lines: StoredOrder['lines'];
  total: string | number;
  delivery: StoredOrder['delivery'];
}

const ORDER_COLUMNS = 'o.number, o.owner_id, o.placed_by, o.status, o.created_at, o.updated_at, o.lines, o.total, o.delivery';

function orderOf(row: OrderRow): StoredOrder {
  return {
    number: row.number,
    ownerId: row.owner_id,
    placedBy: row.placed_by,
    status: row.status,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
    lines: row.lines,
    total: Number(row.total),
    delivery: row.delivery,
  };
}

/** Thrown inside a transaction to roll it back and answer `result` instead. */
class Rollback {
  constructor(readonly result: PlaceOrderResult) {}
}

/**
 * Orders, their idempotency keys and their stock reservations, each change one transaction. Placing an order locks
 * the placing cart's row first, so two submits of one cart (a double click, two instances) run one after the other:
 * the second finds the first's key, committed, and replays its order.
 */
export class SqlOrders implements OrderStore {
  constructor(
    private readonly db: SqlClient,
    private readonly cartTtlMs: number,
    private readonly now: () => number,
  ) {}

  async placeOrder(order: StoredOrder, key: string, fingerprint: string, expectedLines: readonly StoredLine[]): Promise<PlaceOrderResult> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM carts WHERE id = $1 FOR UPDATE', [order.placedBy]);
        const earlier = await keyedOrder(tx, order.placedBy, key, this.now());
        if (earlier) return { kind: 'replayed', ...earlier };
        const { lines } = await liveCart(tx, order.placedBy, new Date(this.now() - this.cartTtlMs));
        if (linesSignature(lines) !== linesSignature(expectedLines)) return { kind: 'cart_changed' };

        const { rows: inserted } = await tx.query(
          `INSERT INTO orders (number, owner_id, placed_by, status, created_at, updated_at, lines, total, delivery)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (number) DO NOTHING RETURNING 1`,
          [order.number, order.ownerId, order.placedBy, order.status, new Date(order.createdAt), new Date(order.updatedAt),
            JSON.stringify(order.lines), order.total, JSON.stringify(order.delivery)],
        );
        if (inserted.length === 0) return { kind: 'number_taken' };
        // Product order, the same in every transaction: two orders never wait for each other's rows in a circle.
        const byProduct = [...order.lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
        for (const line of byProduct) {
          const taken = await takeStock(tx, line.productId, line.quantity, order.number, order.createdAt);
          if (!taken.ok) throw new Rollback({ kind: 'out_of_stock', productId: line.productId, left: taken.onHand });
        }
        const expiresAt = new Date(order.createdAt + IDEMPOTENCY_TTL_MS);
        // For the placing session and the owner's (one row when they are the same session).
        await tx.query(
          `INSERT INTO idempotency_keys (session_id, key, fingerprint, order_number, expires_at)
           SELECT DISTINCT session_id, $3::text, $4::text, $5::text, $6::timestamptz FROM unnest(ARRAY[$1, $2]::text[]) AS s (session_id)`,
          [order.placedBy, order.ownerId, key, fingerprint, order.number, expiresAt],
        );
        await tx.query('DELETE FROM carts WHERE id = $1', [order.placedBy]);
        return { kind: 'placed', order };
      });
    } catch (error) {
      if (error instanceof Rollback) return error.result;
      // Another instance committed the same key for this session between our read and our write.
      if (sqlState(error) === '23505') {
        const earlier = await this.findByIdempotencyKey(order.placedBy, key);
        if (earlier) return { kind: 'replayed', ...earlier };
      }
      throw error;
    }
  }

  findByIdempotencyKey(sessionId: string, key: string): Promise<KeyedOrder | undefined> {
    return keyedOrder(this.db, sessionId, key, this.now());
  }

  async getOrder(number: string): Promise<StoredOrder | undefined> {
    const { rows } = await this.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.number = $1`, [number]);
    return rows[0] ? orderOf(rows[0]) : undefined;
  }

  async listOrders(query: OrderQuery): Promise<OrderPage> {
    const params: unknown[] = [query.limit + 1];
    const where: string[] = [];
    // A filter given, even empty, narrows the list: a blank search must never widen it to every order.
    if (query.status !== undefined) {
      params.push(query.status);
      where.push(`o.status = $${params.length}`);
    }
    if (query.number !== undefined) {
      params.push(query.number);
      where.push(`o.number = $${params.length}`);
    }
    if (query.phone !== undefined) {
      // `delivery` is jsonb (migration 001): `->>` reads the phone as text, stored normalised (+212…) by checkDelivery.
      // No index on it: a scan of the orders, fine at the shop's volume; an expression index would be the next step.
      params.push(query.phone);
      where.push(`o.delivery->>'phone' = $${params.length}`);
    }
    if (query.after) {
      params.push(new Date(query.after.createdAt), query.after.number);
      where.push(`(o.created_at, o.number) < ($${params.length - 1}, $${params.length})`);
    }
    const { rows } = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders o ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY o.created_at DESC, o.number DESC LIMIT $1`,
      params,
    );
    const orders = rows.slice(0, query.limit).map(orderOf);
    const last = orders[orders.length - 1];
    return rows.length > query.limit && last ? { orders, next: { createdAt: last.createdAt, number: last.number } } : { orders };
  }

  async setOrderStatus(number: string, status: OrderStatus, from: readonly OrderStatus[], at: number): Promise<SetStatusResult> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.number = $1 FOR UPDATE`, [number]);
      if (!rows[0]) return { kind: 'not_found' };
      const order = orderOf(rows[0]);
      if (!from.includes(order.status)) return { kind: 'invalid_transition', order };
      await tx.query('UPDATE orders SET status = $2, updated_at = $3 WHERE number = $1', [number, status, new Date(at)]);
      if (status === 'annulée' && order.status !== 'annulée') {
        for (const line of order.lines) await addStock(tx, line.productId, line.quantity, 'cancellation', at, { orderNumber: number });
      }
      return { kind: 'updated', order: { ...order, status, updatedAt: at } };
    });
  }

  /** Deletes idempotency keys past their time, `batch` at a time. */
  async purgeExpiredKeys(batch = 1000): Promise<number> {
    const { rows } = await this.db.query(
      `DELETE FROM idempotency_keys WHERE (session_id, key) IN
         (SELECT session_id, key FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2) RETURNING 1`,
      [new Date(this.now()), batch],
    );
    return rows.length;
  }
}

async function keyedOrder(db: SqlQueryable, sessionId: string, key: string, now: number): Promise<KeyedOrder | undefined> {
  const { rows } = await db.query<OrderRow & { fingerprint: string }>(
    `SELECT ${ORDER_COLUMNS}, k.fingerprint FROM idempotency_keys k JOIN orders o ON o.number = k.order_number
     WHERE k.session_id = $1 AND k.key = $2 AND k.expires_at > $3`,
    [sessionId, key, new Date(now)],
  );
  return rows[0] ? { order: orderOf(rows[0]), fingerprint: rows[0].fingerprint } : undefined;
}
