import { constants } from 'node:fs';
import { access, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CoalescingWriter } from './coalescing-writer';
import type { AddLineResult, CartStore, SetLineResult, StoredLine } from './cart-store';
import { StoreUnavailableError, THIRTY_DAYS_MS } from './cart-store';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { OrderBook, OrdersFile } from './order-book';
import type { OrderStore, PlaceOrderResult, SetStatusResult, StoredOrder } from './order-store';
import { MemoryAttemptCounter, type AttemptCounter, type WindowCount } from './attempt-counter';
import { linesSignature } from './order-store';
import type { OrderStatus } from '@shop/contracts/orders';

export interface FileCartStoreOptions {
  /** Directory holding carts.json, orders.json, newsletter.json and the lock file. */
  dir: string;
  ttlMs?: number;
  /** Clock, injectable for expiry tests. */
  now?: () => number;
}

interface CartRecord {
  updatedAt: number;
  /** productId -> quantity, in insertion order. */
  lines: Map<string, number>;
}

const CartsFile = z.strictObject({
  version: z.literal(1),
  carts: z.array(
    z.strictObject({
      id: z.string().min(1),
      updatedAt: z.number().int().nonnegative(),
      lines: z.array(z.tuple([z.string().min(1), z.number().int().positive()])),
    }),
  ),
});

const NewsletterFile = z.strictObject({
  version: z.literal(1),
  subscribers: z.array(z.strictObject({ email: z.string().min(3), subscribedAt: z.string() })),
});

/**
 * The embedded default store: all carts in memory, persisted to `carts.json` after every change (atomic rename,
 * writes queued and coalesced), answered only once the change is on disk, so a restart loses nothing that was
 * acknowledged. One process owns the directory (lock file). Expired carts are ignored on read and pruned on write.
 * Suits one instance and a catalogue-sized cart; set REDIS_URL to run several instances.
 */
export class FileCartStore implements CartStore, OrderStore, AttemptCounter {
  readonly kind = 'file' as const;
  private readonly carts: Map<string, CartRecord>;
  private readonly subscribers: Map<string, string>;
  private readonly orders: OrderBook;
  private readonly attempts: MemoryAttemptCounter;
  private readonly cartsWriter: CoalescingWriter;
  private readonly ordersWriter: CoalescingWriter;
  private readonly newsletterWriter: CoalescingWriter;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private lastWriteFailed = false;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly lock: DataDirLock,
    carts: Map<string, CartRecord>,
    subscribers: Map<string, string>,
    ordersData: z.infer<typeof OrdersFile> | undefined,
    options: FileCartStoreOptions,
  ) {
    this.carts = carts;
    this.subscribers = subscribers;
    this.ttlMs = options.ttlMs ?? THIRTY_DAYS_MS;
    this.now = options.now ?? Date.now;
    this.orders = new OrderBook(this.now, ordersData);
    this.attempts = new MemoryAttemptCounter(this.now);
    this.cartsWriter = new CoalescingWriter(join(dir, 'carts.json'), () => this.cartsSnapshot());
    this.ordersWriter = new CoalescingWriter(join(dir, 'orders.json'), () => this.orders.snapshot());
    this.newsletterWriter = new CoalescingWriter(join(dir, 'newsletter.json'), () => ({
      version: 1,
      subscribers: [...this.subscribers].map(([email, subscribedAt]) => ({ email, subscribedAt })),
    }));
  }

  static async open(options: FileCartStoreOptions): Promise<FileCartStore> {
    await mkdir(options.dir, { recursive: true });
    const lock = await lockDataDir(options.dir);
    try {
      const cartsData = await readJson(join(options.dir, 'carts.json'), CartsFile);
      const newsletterData = await readJson(join(options.dir, 'newsletter.json'), NewsletterFile);
      const ordersData = await readJson(join(options.dir, 'orders.json'), OrdersFile);
      const carts = new Map<string, CartRecord>();
      for (const cart of cartsData?.carts ?? []) {
        carts.set(cart.id, { updatedAt: cart.updatedAt, lines: new Map(cart.lines) });
      }
      const subscribers = new Map<string, string>();
      for (const s of newsletterData?.subscribers ?? []) subscribers.set(s.email, s.subscribedAt);
      return new FileCartStore(options.dir, lock, carts, subscribers, ordersData, options);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  async getLines(cartId: string): Promise<StoredLine[]> {
    this.assertOpen();
    return toLines(this.liveCart(cartId));
  }

  async addLine(cartId: string, productId: string, quantity: number, maxQuantity: number): Promise<AddLineResult> {
    this.assertOpen();
    const cart = this.liveCart(cartId) ?? { updatedAt: 0, lines: new Map<string, number>() };
    const next = (cart.lines.get(productId) ?? 0) + quantity;
    if (next > maxQuantity) return { ok: false, reason: 'over_max', lines: toLines(cart) };
    cart.lines.set(productId, next);
    cart.updatedAt = this.now();
    this.carts.set(cartId, cart);
    await this.persistCarts();
    return { ok: true, lines: toLines(cart) };
  }

  async setLine(cartId: string, productId: string, quantity: number): Promise<SetLineResult> {
    this.assertOpen();
    const cart = this.liveCart(cartId);
    if (!cart || !cart.lines.has(productId)) return { ok: false, reason: 'absent', lines: toLines(cart) };
    cart.lines.set(productId, quantity);
    cart.updatedAt = this.now();
    await this.persistCarts();
    return { ok: true, lines: toLines(cart) };
  }

  async removeLines(cartId: string, productIds: readonly string[]): Promise<StoredLine[]> {
    this.assertOpen();
    const cart = this.liveCart(cartId);
    if (!cart) return [];
    let removed = false;
    for (const productId of productIds) removed = cart.lines.delete(productId) || removed;
    if (!removed) return toLines(cart);
    cart.updatedAt = this.now();
    if (cart.lines.size === 0) this.carts.delete(cartId);
    await this.persistCarts();
    return toLines(cart);
  }

  async addSubscriber(email: string): Promise<{ created: boolean }> {
    this.assertOpen();
    if (this.subscribers.has(email)) return { created: false };
    this.subscribers.set(email, new Date(this.now()).toISOString());
    await this.persist(this.newsletterWriter);
    return { created: true };
  }

  async placeOrder(order: StoredOrder, idempotencyKey: string, expectedLines: readonly StoredLine[]): Promise<PlaceOrderResult> {
    this.assertOpen();
    // Everything up to the first await runs without interruption: that is the atomic step in one process.
    const replayed = this.orders.byKey(order.placedBy, idempotencyKey);
    if (replayed) return { kind: 'replayed', order: replayed };
    if (this.orders.has(order.number)) return { kind: 'number_taken' };
    if (linesSignature(toLines(this.liveCart(order.placedBy))) !== linesSignature(expectedLines)) return { kind: 'cart_changed' };
    this.orders.add(order, idempotencyKey);
    this.carts.delete(order.placedBy);
    // Orders first: a crash between the two writes leaves the cart full and the order (with its key) on disk, so the
    // page's retry with the same key finds the order; the other way round could lose an acknowledged order.
    await this.persist(this.ordersWriter);
    await this.persistCarts();
    return { kind: 'placed', order };
  }

  async findByIdempotencyKey(sessionId: string, idempotencyKey: string): Promise<StoredOrder | undefined> {
    this.assertOpen();
    return this.orders.byKey(sessionId, idempotencyKey);
  }

  async getOrder(number: string): Promise<StoredOrder | undefined> {
    this.assertOpen();
    return this.orders.get(number);
  }

  async listOrders(): Promise<StoredOrder[]> {
    this.assertOpen();
    return this.orders.list();
  }

  async setOrderStatus(number: string, status: OrderStatus, from: readonly OrderStatus[], at: number): Promise<SetStatusResult> {
    this.assertOpen();
    const result = this.orders.setStatus(number, status, from, at);
    if (result.kind === 'updated') await this.persist(this.ordersWriter);
    return result;
  }

  async countAttempt(key: string, windowMs: number): Promise<WindowCount> {
    this.assertOpen();
    return this.attempts.countAttempt(key, windowMs);
  }

  async refundAttempt(key: string): Promise<void> {
    this.assertOpen();
    return this.attempts.refundAttempt(key);
  }

  async ping(): Promise<void> {
    this.assertOpen();
    if (this.lastWriteFailed) throw new StoreUnavailableError('The last write to the data directory failed.');
    try {
      await access(this.dir, constants.W_OK);
    } catch (error) {
      throw new StoreUnavailableError(`The data directory ${this.dir} is not writable.`, { cause: error });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.cartsWriter.idle(), this.ordersWriter.idle(), this.newsletterWriter.idle()]);
    await this.lock.release();
  }

  private liveCart(cartId: string): CartRecord | undefined {
    const cart = this.carts.get(cartId);
    if (!cart) return undefined;
    if (this.isExpired(cart)) {
      this.carts.delete(cartId); // lazily; the next write persists the removal
      return undefined;
    }
    return cart;
  }

  private isExpired(cart: CartRecord): boolean {
    return cart.updatedAt + this.ttlMs <= this.now();
  }

  private cartsSnapshot() {
    const carts = [];
    for (const [id, cart] of this.carts) {
      if (this.isExpired(cart)) {
        this.carts.delete(id);
        continue;
      }
      carts.push({ id, updatedAt: cart.updatedAt, lines: [...cart.lines] });
    }
    return { version: 1, carts };
  }

  private persistCarts(): Promise<void> {
    return this.persist(this.cartsWriter);
  }

  private async persist(writer: CoalescingWriter): Promise<void> {
    try {
      await writer.write();
      this.lastWriteFailed = false;
    } catch (error) {
      this.lastWriteFailed = true;
      throw new StoreUnavailableError('Could not write to the data directory.', { cause: error });
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreUnavailableError('The cart store is closed.');
  }
}

function toLines(cart: CartRecord | undefined): StoredLine[] {
  if (!cart) return [];
  return [...cart.lines].map(([productId, quantity]) => ({ productId, quantity }));
}

async function readJson<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON. Restore it from a backup or move it away to start empty.`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(`${path} does not have the expected shape (${z.prettifyError(result.error)}). Restore it from a backup or move it away to start empty.`);
  }
  return result.data;
}
