import type { CartStore, StoredLine } from './cart-store';
import type { SqlCarts } from './sql-carts';

interface Entry {
  lines: StoredLine[];
  /** When the cart last changed (0: no cart); the entry is dead once the cart's time to live has passed. */
  updatedAt: number;
}

/**
 * Carts read from memory, for the embedded database only: there, the single-writer lock makes this process the only
 * one that changes carts, so what it has read stays true until it changes it itself. Every change goes to the database
 * first and then drops the cart's entry (the next read fills it again); an order that empties a cart is a change too.
 * A read only fills the cache when no change of that cart started while it ran (nor was running when it began), so a
 * slow read can never put back a state older than a change already answered. Bounded: least recently used carts go.
 */
export class CartReadCache implements CartStore {
  private readonly entries = new Map<string, Entry>();
  /** Per cart, the epoch at which its last change started, and how many of its changes are running. */
  private readonly changes = new Map<string, { startedAt: number; running: number }>();
  private epoch = 0;
  /** The newest `startedAt` forgotten when `changes` was trimmed: a cart not found there is assumed changed then. */
  private forgottenUpTo = 0;

  constructor(
    private readonly carts: SqlCarts,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 50_000,
  ) {}

  async getLines(cartId: string): Promise<StoredLine[]> {
    const hit = this.entries.get(cartId);
    if (hit && (hit.updatedAt === 0 || hit.updatedAt > this.now() - this.ttlMs)) {
      this.entries.delete(cartId); // most recently used last
      this.entries.set(cartId, hit);
      return hit.lines.map((line) => ({ ...line }));
    }
    const readFrom = this.epoch;
    const runningAtStart = (this.changes.get(cartId)?.running ?? 0) > 0;
    const cart = await this.carts.getCart(cartId);
    const change = this.changes.get(cartId);
    const changedSince = (change?.startedAt ?? this.forgottenUpTo) > readFrom;
    if (!runningAtStart && !changedSince && !(change && change.running > 0)) this.remember(cartId, cart);
    return cart.lines.map((line) => ({ ...line }));
  }

  addLine: CartStore['addLine'] = (cartId, ...rest) => this.change(cartId, () => this.carts.addLine(cartId, ...rest));
  setLine: CartStore['setLine'] = (cartId, ...rest) => this.change(cartId, () => this.carts.setLine(cartId, ...rest));
  removeLines: CartStore['removeLines'] = (cartId, ...rest) => this.change(cartId, () => this.carts.removeLines(cartId, ...rest));

  /** Runs a change of `cartId` (in the database) and drops the cart's entry once it is done, whatever its outcome. */
  async change<T>(cartId: string, work: () => Promise<T>): Promise<T> {
    this.epoch += 1;
    const change = this.changes.get(cartId) ?? { startedAt: 0, running: 0 };
    change.startedAt = this.epoch;
    change.running += 1;
    this.changes.delete(cartId);
    this.changes.set(cartId, change);
    this.entries.delete(cartId);
    try {
      return await work();
    } finally {
      change.running -= 1;
      this.entries.delete(cartId);
      this.trimChanges();
    }
  }

  /** Forgets everything (the database was changed behind the cache's back, e.g. expired carts purged). */
  clear(): void {
    this.entries.clear();
    this.forgottenUpTo = this.epoch;
  }

  private remember(cartId: string, cart: Entry): void {
    this.entries.set(cartId, cart);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  private trimChanges(): void {
    while (this.changes.size > this.maxEntries) {
      const [oldest, change] = this.changes.entries().next().value as [string, { startedAt: number; running: number }];
      if (change.running > 0) break; // never forget a running change
      this.forgottenUpTo = Math.max(this.forgottenUpTo, change.startedAt);
      this.changes.delete(oldest);
    }
  }
}
