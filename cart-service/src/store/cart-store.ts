/** One stored cart line: only the product id and the quantity. Names, prices and images come from the catalogue. */
export interface StoredLine {
  productId: string;
  quantity: number;
}

export type AddLineResult =
  | { ok: true; lines: StoredLine[] }
  /** The line would exceed `maxQuantity`: nothing changed. */
  | { ok: false; reason: 'over_max'; lines: StoredLine[] }
  /** The line would hold more units than are on hand (`left`): nothing changed. */
  | { ok: false; reason: 'out_of_stock'; left: number; lines: StoredLine[] };

export type SetLineResult =
  | { ok: true; lines: StoredLine[] }
  /** The product is not in the cart: nothing changed (an update never creates a line). */
  | { ok: false; reason: 'absent'; lines: StoredLine[] }
  /** A raised quantity would exceed the units on hand (`left`): nothing changed. */
  | { ok: false; reason: 'out_of_stock'; left: number; lines: StoredLine[] };

/**
 * Where carts live. Every change is one transaction for one cart, even across instances sharing the database, and
 * refreshes the cart's time to live: a cart expires `ttlMs` after its last change. Each change resolves once it is
 * committed. Ids passed in are already validated (cart ids come from the signed session cookie, product ids from the
 * catalogue). Lines come back in no particular order; the cart logic orders them.
 */
export interface CartStore {
  getLines(cartId: string): Promise<StoredLine[]>;
  /**
   * Adds `quantity` to the line (creating it), unless the result would exceed `maxQuantity` or the units on hand.
   * An increase is checked against stock; the cart reserves nothing (the order does).
   */
  addLine(cartId: string, productId: string, quantity: number, maxQuantity: number): Promise<AddLineResult>;
  /** Sets the absolute quantity of an existing line; raising it is checked against stock, lowering it never is. */
  setLine(cartId: string, productId: string, quantity: number): Promise<SetLineResult>;
  /** Removes lines; absent ones are ignored. The time to live is refreshed only when something was removed. */
  removeLines(cartId: string, productIds: readonly string[]): Promise<StoredLine[]>;
}

/** The store cannot be reached or written: answered 503 `unavailable`, never 500. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
