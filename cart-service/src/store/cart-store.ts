/** One stored cart line: only the product id and the quantity. Names, prices and images come from the catalogue. */
export interface StoredLine {
  productId: string;
  quantity: number;
}

export type AddLineResult =
  | { ok: true; lines: StoredLine[] }
  /** The line would exceed `maxQuantity`: nothing changed. */
  | { ok: false; reason: 'over_max'; lines: StoredLine[] };

export type SetLineResult =
  | { ok: true; lines: StoredLine[] }
  /** The product is not in the cart: nothing changed (an update never creates a line). */
  | { ok: false; reason: 'absent'; lines: StoredLine[] };

/**
 * Where carts (and newsletter subscriptions) live. Every mutation is atomic for one cart, even across processes
 * sharing the store, and refreshes the cart's time to live: a cart expires `ttlMs` after its last change.
 * Ids passed in are already validated (cart ids come from the signed session cookie, product ids from the catalogue).
 * Lines come back in no particular order; the cart logic orders them.
 */
export interface CartStore {
  readonly kind: 'file' | 'redis';
  getLines(cartId: string): Promise<StoredLine[]>;
  /** Adds `quantity` to the line (creating it), unless the result would exceed `maxQuantity`. */
  addLine(cartId: string, productId: string, quantity: number, maxQuantity: number): Promise<AddLineResult>;
  /** Sets the absolute quantity of an existing line. */
  setLine(cartId: string, productId: string, quantity: number): Promise<SetLineResult>;
  /** Removes lines; absent ones are ignored. The time to live is refreshed only when something was removed. */
  removeLines(cartId: string, productIds: readonly string[]): Promise<StoredLine[]>;
  /** Records a newsletter subscription; `created` is false for an address already known. */
  addSubscriber(email: string): Promise<{ created: boolean }>;
  /** Throws when the store cannot serve requests (used by /readyz). */
  ping(): Promise<void>;
  /** Flushes pending writes and releases resources; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** The store cannot be reached or written: answered 503 `unavailable`, never 500. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
