import type { SqlClient, SqlQueryable } from '../db/sql-client';
import { stockCrossed } from './catalogue/facet-cells';

export type StockChange = { ok: true; onHand: number } | { ok: false; onHand: number };

/** Why stock moved (stock_movements.reason). */
export type StockReason = 'order' | 'cancellation' | 'count' | 'adjustment';

/** Units on hand per product: what orders reserve from, what operators count and adjust. */
export interface StockStore {
  /** Units on hand by product id. */
  stockLevels(): Promise<Map<string, number>>;
  /** The quantity counted on the shelf. */
  setStock(productId: string, onHand: number, at: number): Promise<number>;
  /** Units received (positive) or written off (negative); refused (nothing written) below zero. */
  adjustStock(productId: string, delta: number, at: number): Promise<StockChange>;
}

/** Takes `quantity` units if that many are on hand, in the caller's transaction; the row stays locked until it ends. */
export async function takeStock(tx: SqlQueryable, productId: string, quantity: number, orderNumber: string, at: number): Promise<StockChange> {
  const { rows } = await tx.query<{ on_hand: number }>(
    'UPDATE stock SET on_hand = on_hand - $2, updated_at = $3 WHERE product_id = $1 AND on_hand >= $2 RETURNING on_hand',
    [productId, quantity, new Date(at)],
  );
  if (!rows[0]) {
    const { rows: current } = await tx.query<{ on_hand: number }>('SELECT on_hand FROM stock WHERE product_id = $1', [productId]);
    return { ok: false, onHand: current[0]?.on_hand ?? 0 };
  }
  await recordMovement(tx, productId, -quantity, rows[0].on_hand, 'order', at, orderNumber);
  await stockCrossed(tx, productId, rows[0].on_hand + quantity, rows[0].on_hand);
  return { ok: true, onHand: rows[0].on_hand };
}

/** Returns units to stock (a cancelled order), in the caller's transaction. */
export async function addStock(
  tx: SqlQueryable,
  productId: string,
  quantity: number,
  reason: StockReason,
  at: number,
  { orderNumber }: { orderNumber?: string } = {},
): Promise<number> {
  const { rows } = await tx.query<{ on_hand: number }>(
    `INSERT INTO stock (product_id, on_hand, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (product_id) DO UPDATE SET on_hand = stock.on_hand + EXCLUDED.on_hand, updated_at = EXCLUDED.updated_at
     RETURNING on_hand`,
    [productId, quantity, new Date(at)],
  );
  const onHand = rows[0]!.on_hand;
  await recordMovement(tx, productId, quantity, onHand, reason, at, orderNumber);
  await stockCrossed(tx, productId, onHand - quantity, onHand);
  return onHand;
}

async function recordMovement(tx: SqlQueryable, productId: string, delta: number, onHand: number, reason: StockReason, at: number, orderNumber?: string, note?: string) {
  await tx.query(
    'INSERT INTO stock_movements (product_id, delta, on_hand, reason, order_number, at, note) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [productId, delta, onHand, reason, orderNumber ?? null, new Date(at), note ?? null],
  );
}

export class SqlStock implements StockStore {
  constructor(private readonly db: SqlClient) {}

  async stockLevels(): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ product_id: string; on_hand: number }>('SELECT product_id, on_hand FROM stock');
    return new Map(rows.map((row) => [row.product_id, row.on_hand]));
  }

  setStock(productId: string, onHand: number, at: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ on_hand: number }>('SELECT on_hand FROM stock WHERE product_id = $1 FOR UPDATE', [productId]);
      const delta = onHand - (rows[0]?.on_hand ?? 0);
      await writeOnHand(tx, productId, onHand, at);
      await stockCrossed(tx, productId, rows[0]?.on_hand ?? 0, onHand);
      await recordMovement(tx, productId, delta, onHand, 'count', at);
      return onHand;
    });
  }

  adjustStock(productId: string, delta: number, at: number): Promise<StockChange> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ on_hand: number }>('SELECT on_hand FROM stock WHERE product_id = $1 FOR UPDATE', [productId]);
      const current = rows[0]?.on_hand ?? 0;
      if (current + delta < 0) return { ok: false, onHand: current };
      return { ok: true, onHand: await adjustLockedStock(tx, productId, current, delta, at) };
    });
  }
}

/** An operator's adjustment of stock read `FOR UPDATE` in the caller's transaction (never below zero: checked before). */
export async function adjustLockedStock(tx: SqlQueryable, productId: string, current: number, delta: number, at: number, note?: string): Promise<number> {
  await writeOnHand(tx, productId, current + delta, at);
  await stockCrossed(tx, productId, current, current + delta);
  await recordMovement(tx, productId, delta, current + delta, 'adjustment', at, undefined, note);
  return current + delta;
}

async function writeOnHand(tx: SqlQueryable, productId: string, onHand: number, at: number): Promise<void> {
  await tx.query(
    `INSERT INTO stock (product_id, on_hand, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (product_id) DO UPDATE SET on_hand = EXCLUDED.on_hand, updated_at = EXCLUDED.updated_at`,
    [productId, onHand, new Date(at)],
  );
}
