import type { SqlClient, SqlQueryable } from '../db/sql-client';
import type { AddLineResult, CartStore, SetLineResult, StoredLine } from './cart-store';

interface LineRow {
  product_id: string;
  quantity: number;
}

const toLines = (rows: LineRow[]): StoredLine[] => rows.map((row) => ({ productId: row.product_id, quantity: row.quantity }));

/**
 * Carts in two tables (`carts`, `cart_lines`). A change locks its cart's row (created if need be) for the rest of its
 * transaction, so concurrent changes to one cart (two tabs, two instances) apply one after the other and both count;
 * changes to different carts never wait for each other. Every statement finds its rows through a primary key: the
 * cost of a change does not depend on how many carts there are. An expired cart reads as empty and its lines are
 * dropped by the next change; `purgeExpired` deletes them in the background.
 */
export class SqlCarts implements CartStore {
  constructor(
    private readonly db: SqlClient,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  async getLines(cartId: string): Promise<StoredLine[]> {
    return (await this.getCart(cartId)).lines;
  }

  /** The cart's live lines and when it last changed (0 for no cart): what the read cache keeps. */
  getCart(cartId: string): Promise<{ lines: StoredLine[]; updatedAt: number }> {
    return liveCart(this.db, cartId, this.expiredBefore());
  }

  addLine(cartId: string, productId: string, quantity: number, maxQuantity: number): Promise<AddLineResult> {
    return this.db.transaction(async (tx) => {
      await this.lockCart(tx, cartId);
      const { current, onHand } = await lineAndStock(tx, cartId, productId);
      const next = (current ?? 0) + quantity;
      if (next > maxQuantity) return { ok: false, reason: 'over_max', lines: await linesOf(tx, cartId) };
      if (next > onHand) return { ok: false, reason: 'out_of_stock', left: onHand, lines: await linesOf(tx, cartId) };
      await tx.query(
        `INSERT INTO cart_lines (cart_id, product_id, quantity) VALUES ($1, $2, $3)
         ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
        [cartId, productId, next],
      );
      return { ok: true, lines: await linesOf(tx, cartId) };
    });
  }

  setLine(cartId: string, productId: string, quantity: number): Promise<SetLineResult> {
    return this.db.transaction(async (tx) => {
      await this.lockCart(tx, cartId);
      const { current, onHand } = await lineAndStock(tx, cartId, productId);
      if (current === null) {
        await this.dropIfEmpty(tx, cartId);
        return { ok: false, reason: 'absent', lines: await linesOf(tx, cartId) };
      }
      // Lowering a quantity is always allowed, even when stock has fallen below it since.
      if (quantity > current && quantity > onHand) return { ok: false, reason: 'out_of_stock', left: onHand, lines: await linesOf(tx, cartId) };
      await tx.query('UPDATE cart_lines SET quantity = $3 WHERE cart_id = $1 AND product_id = $2', [cartId, productId, quantity]);
      return { ok: true, lines: await linesOf(tx, cartId) };
    });
  }

  removeLines(cartId: string, productIds: readonly string[]): Promise<StoredLine[]> {
    return this.db.transaction(async (tx) => {
      const { rows: live } = await tx.query('SELECT 1 FROM carts WHERE id = $1 AND updated_at > $2 FOR UPDATE', [cartId, this.expiredBefore()]);
      if (live.length === 0) return [];
      const { rows } = await tx.query('DELETE FROM cart_lines WHERE cart_id = $1 AND product_id = ANY($2::text[]) RETURNING 1', [cartId, [...productIds]]);
      if (rows.length > 0) await tx.query('UPDATE carts SET updated_at = $2 WHERE id = $1', [cartId, new Date(this.now())]);
      await this.dropIfEmpty(tx, cartId);
      return linesOf(tx, cartId);
    });
  }

  /** Deletes carts (and their lines) whose time to live has passed, `batch` at a time; answers how many went. */
  async purgeExpired(batch = 1000): Promise<number> {
    const { rows } = await this.db.query(
      'DELETE FROM carts WHERE id IN (SELECT id FROM carts WHERE updated_at <= $1 LIMIT $2) RETURNING 1',
      [this.expiredBefore(), batch],
    );
    return rows.length;
  }

  /**
   * Creates the cart or refreshes its time, and holds its row locked until the transaction ends. A cart found expired
   * starts again empty.
   */
  private async lockCart(tx: SqlQueryable, cartId: string): Promise<void> {
    const { rows } = await tx.query<{ expired: boolean }>(
      `INSERT INTO carts (id, updated_at) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at
       RETURNING (SELECT updated_at <= $3 FROM carts WHERE id = $1) AS expired`,
      [cartId, new Date(this.now()), this.expiredBefore()],
    );
    if (rows[0]?.expired) await tx.query('DELETE FROM cart_lines WHERE cart_id = $1', [cartId]);
  }

  private async dropIfEmpty(tx: SqlQueryable, cartId: string): Promise<void> {
    await tx.query('DELETE FROM carts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM cart_lines WHERE cart_id = $1)', [cartId]);
  }

  private expiredBefore(): Date {
    return new Date(this.now() - this.ttlMs);
  }
}

/** A cart's lines and when it last changed, unless its time to live has passed (then: no lines, 0). */
export async function liveCart(db: SqlQueryable, cartId: string, expiredBefore: Date): Promise<{ lines: StoredLine[]; updatedAt: number }> {
  const { rows } = await db.query<LineRow & { updated_at: Date }>(
    `SELECT l.product_id, l.quantity, c.updated_at FROM carts c JOIN cart_lines l ON l.cart_id = c.id
     WHERE c.id = $1 AND c.updated_at > $2`,
    [cartId, expiredBefore],
  );
  return { lines: toLines(rows), updatedAt: rows[0]?.updated_at.getTime() ?? 0 };
}

/** The line's quantity in the cart (null: no such line) and the product's units on hand (0 without a stock row). */
async function lineAndStock(tx: SqlQueryable, cartId: string, productId: string): Promise<{ current: number | null; onHand: number }> {
  const { rows } = await tx.query<{ quantity: number | null; on_hand: number | null }>(
    `SELECT (SELECT quantity FROM cart_lines WHERE cart_id = $1 AND product_id = $2) AS quantity,
            (SELECT on_hand FROM stock WHERE product_id = $2) AS on_hand`,
    [cartId, productId],
  );
  return { current: rows[0]?.quantity ?? null, onHand: rows[0]?.on_hand ?? 0 };
}

async function linesOf(tx: SqlQueryable, cartId: string): Promise<StoredLine[]> {
  const { rows } = await tx.query<LineRow>('SELECT product_id, quantity FROM cart_lines WHERE cart_id = $1', [cartId]);
  return toLines(rows);
}
