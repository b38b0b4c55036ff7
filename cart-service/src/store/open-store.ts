import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { migrate } from '../db/migrate';
import { openPgClient } from '../db/pg-client';
import { openPgliteClient } from '../db/pglite-client';
import { tracedSqlClient } from '../db/traced-sql-client';
import { lockSingleWriter, type SingleWriterLock } from '../db/single-writer-lock';
import type { SqlClient } from '../db/sql-client';
import { isConnectionLoss } from '../db/transaction-failures';
import { importLegacyFiles } from './import-legacy-files';
import { SqlAttemptCounter, type AttemptCounter } from './attempt-counter';
import { StoreUnavailableError, THIRTY_DAYS_MS, type CartStore } from './cart-store';
import type { OrderStore } from './order-store';
import { CartReadCache } from './cart-read-cache';
import { SqlCarts } from './sql-carts';
import { SqlOrders } from './sql-orders';
import { SqlStock, type StockStore } from './sql-stock';
import { SqlSessionClaims, type SessionClaims } from './session-claims';
import type { CatalogueStore } from './catalogue';
import { SqlCatalogue } from './catalogue/sql-catalogue';
import { SqlMerchandising } from './catalogue/sql-merchandising';
import type { MerchandisingStore } from './merchandising';
import { withCatalogueChanges, type CatalogueChange } from './catalogue/catalogue-changes';

export type { CatalogueChange };

export interface NewsletterStore {
  /** Records a newsletter subscription; `created` is false for an address already known. */
  addSubscriber(email: string): Promise<{ created: boolean }>;
}

/** What shoppers send the shop: contact messages and « Me prévenir » alerts (decision 026). */
export interface InboxStore {
  addContactMessage(message: { name: string; email: string; subject: string; message: string }): Promise<void>;
  /** One alert per product and address; `created` is false for one already recorded. */
  addRestockAlert(productId: string, email: string): Promise<{ created: boolean }>;
}

/** What the app needs: the catalogue, carts, orders, stock, newsletter sign-ups, the inbox, rate limits and session claims, all in one PostgreSQL database. */
export interface ShopStore extends CatalogueStore, MerchandisingStore, CartStore, OrderStore, StockStore, NewsletterStore, InboxStore, AttemptCounter, SessionClaims {
  /** `embedded`: PGlite in the data folder; `server`: the PostgreSQL server of DATABASE_URL. */
  readonly kind: 'embedded' | 'server';
  /** Throws when the database cannot serve requests (used by /readyz). */
  ping(): Promise<void>;
  /** Deletes expired carts, idempotency keys, rate-limit windows and old session claims (a bounded batch of each). */
  purgeExpired(): Promise<void>;
  /**
   * Embedded only: the database folder as a gzipped tarball, taken between transactions (every commit before it, nothing
   * half-done); undefined on a PostgreSQL server, whose backups are pgBackRest's (docs/production.md#backups).
   */
  dumpDatabase(): Promise<Blob | undefined>;
  /** Waits for running statements, then releases the database (and the single-writer lock); unusable afterwards. */
  close(): Promise<void>;
  /**
   * Called after each committed change of what shoppers see of the catalogue, made through this store (a merchandiser's
   * save, an import, the promotion clock, stock emptied or back by an order, a cancellation, a count): which products'
   * pages and whether the listings. Returns the unsubscribe function.
   */
  onCatalogueChange(listener: (change: CatalogueChange) => void): () => void;
}

export interface StoreOptions {
  /** postgres://…: a PostgreSQL server; otherwise PGlite in `dataDir`/database. */
  databaseUrl?: string | undefined;
  dataDir: string;
  ttlMs?: number;
  now?: () => number;
  logger?: Logger;
  /** A data folder that may hold the JSON files of the previous release: imported once (import-legacy-files.ts). */
  importLegacyFrom?: string;
}

/** Opens the database (migrating it to the current schema) and the store on it. */
export async function openStore(options: StoreOptions): Promise<ShopStore> {
  let lock: SingleWriterLock | undefined;
  let client: SqlClient;
  try {
    if (options.databaseUrl) {
      client = tracedSqlClient(await openPgClient({ url: options.databaseUrl }), serverOf(options.databaseUrl));
    } else {
      await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
      lock = await lockSingleWriter(options.dataDir);
      client = tracedSqlClient(await openPgliteClient(join(options.dataDir, 'database')));
    }
  } catch (error) {
    await lock?.release();
    if (options.databaseUrl) throw new StoreUnavailableError(`Cannot reach PostgreSQL at ${describeUrl(options.databaseUrl)}: ${(error as Error).message}`, { cause: error });
    throw error;
  }
  try {
    const report = await migrate(client);
    if (report.applied.length > 0) options.logger?.info({ migrations: report.applied }, 'database migrated');
    if (report.unknown.length > 0) options.logger?.warn({ versions: report.unknown }, 'the database has migrations this release does not know (a newer release ran here)');
    if (options.importLegacyFrom) await importLegacyFiles(client, options.importLegacyFrom, options.logger);
  } catch (error) {
    await client.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
  return new SqlShopStore(client, lock, options);
}

/** The one store implementation: each part in its own file, on one client. */
class SqlShopStore implements ShopStore {
  readonly kind: 'embedded' | 'server';
  private readonly carts: SqlCarts;
  /** Embedded only (one writer): carts read from memory, every change written through to the database. */
  private readonly cartCache: CartReadCache | undefined;
  private readonly cartView: CartStore;
  private readonly orders: SqlOrders;
  private readonly stock: SqlStock;
  private readonly attempts: SqlAttemptCounter;
  private readonly claims: SqlSessionClaims;
  private readonly catalogue: SqlCatalogue;
  private readonly merchandising: SqlMerchandising;
  private readonly catalogueListeners = new Set<(change: CatalogueChange) => void>();
  private closed = false;

  constructor(
    private readonly db: SqlClient,
    private readonly lock: SingleWriterLock | undefined,
    options: StoreOptions,
  ) {
    const now = options.now ?? Date.now;
    const ttlMs = options.ttlMs ?? THIRTY_DAYS_MS;
    this.kind = db.kind;
    // Each store writes through the client that tells what its transactions changed of the catalogue, once committed.
    const changes = withCatalogueChanges(db, (change) => {
      for (const listener of this.catalogueListeners) listener(change);
    });
    this.carts = new SqlCarts(db, ttlMs, now);
    this.cartCache = db.kind === 'embedded' ? new CartReadCache(this.carts, ttlMs, now) : undefined;
    this.cartView = this.cartCache ?? this.carts;
    this.orders = new SqlOrders(changes, ttlMs, now);
    this.stock = new SqlStock(changes);
    this.attempts = new SqlAttemptCounter(db, now);
    this.claims = new SqlSessionClaims(db, now);
    this.catalogue = new SqlCatalogue(changes, now);
    this.merchandising = new SqlMerchandising(changes);
    this.now = now;
  }

  private readonly now: () => number;

  productsById: CatalogueStore['productsById'] = (...args) => this.guard(() => this.catalogue.productsById(...args));
  productPage: CatalogueStore['productPage'] = (...args) => this.guard(() => this.catalogue.productPage(...args));
  listProducts: CatalogueStore['listProducts'] = (...args) => this.guard(() => this.catalogue.listProducts(...args));
  stockList: CatalogueStore['stockList'] = (...args) => this.guard(() => this.catalogue.stockList(...args));
  productCount: CatalogueStore['productCount'] = () => this.guard(() => this.catalogue.productCount());
  sitemapProducts: CatalogueStore['sitemapProducts'] = (...args) => this.guard(() => this.catalogue.sitemapProducts(...args));
  importProducts: CatalogueStore['importProducts'] = (...args) => this.guard(() => this.catalogue.importProducts(...args));
  seedProducts: CatalogueStore['seedProducts'] = (...args) => this.guard(() => this.catalogue.seedProducts(...args));
  removeProducts: CatalogueStore['removeProducts'] = (...args) => this.guard(() => this.catalogue.removeProducts(...args));
  merchandisedProducts: MerchandisingStore['merchandisedProducts'] = (...args) => this.guard(() => this.merchandising.merchandisedProducts(...args));
  merchandisedProduct: MerchandisingStore['merchandisedProduct'] = (...args) => this.guard(() => this.merchandising.merchandisedProduct(...args));
  createProduct: MerchandisingStore['createProduct'] = (...args) => this.guard(() => this.merchandising.createProduct(...args));
  updateProduct: MerchandisingStore['updateProduct'] = (...args) => this.guard(() => this.merchandising.updateProduct(...args));
  setArchived: MerchandisingStore['setArchived'] = (...args) => this.guard(() => this.merchandising.setArchived(...args));
  adjustProductStock: MerchandisingStore['adjustProductStock'] = (...args) => this.guard(() => this.stockMoved(this.merchandising.adjustProductStock(...args)));
  addPhoto: MerchandisingStore['addPhoto'] = (...args) => this.guard(() => this.merchandising.addPhoto(...args));
  arrangePhotos: MerchandisingStore['arrangePhotos'] = (...args) => this.guard(() => this.merchandising.arrangePhotos(...args));
  catalogueAudit: MerchandisingStore['catalogueAudit'] = (...args) => this.guard(() => this.merchandising.catalogueAudit(...args));
  merchandisedInShopOrder: MerchandisingStore['merchandisedInShopOrder'] = (...args) => this.guard(() => this.merchandising.merchandisedInShopOrder(...args));
  importProductRows: MerchandisingStore['importProductRows'] = (...args) => this.guard(() => this.merchandising.importProductRows(...args));
  applyPromotionWindows: MerchandisingStore['applyPromotionWindows'] = (...args) => this.guard(() => this.merchandising.applyPromotionWindows(...args));
  getLines: CartStore['getLines'] = (...args) => this.guard(() => this.cartView.getLines(...args));
  addLine: CartStore['addLine'] = (...args) => this.guard(() => this.cartView.addLine(...args));
  setLine: CartStore['setLine'] = (...args) => this.guard(() => this.cartView.setLine(...args));
  removeLines: CartStore['removeLines'] = (...args) => this.guard(() => this.cartView.removeLines(...args));
  /** Placing an order empties the placing cart: a change of that cart for the read cache. */
  placeOrder: OrderStore['placeOrder'] = (order, ...rest) =>
    this.guard(() => {
      const place = () => this.orders.placeOrder(order, ...rest);
      return this.stockMoved(this.cartCache ? this.cartCache.change(order.placedBy, place) : place());
    });
  findByIdempotencyKey: OrderStore['findByIdempotencyKey'] = (...args) => this.guard(() => this.orders.findByIdempotencyKey(...args));
  getOrder: OrderStore['getOrder'] = (...args) => this.guard(() => this.orders.getOrder(...args));
  listOrders: OrderStore['listOrders'] = (...args) => this.guard(() => this.orders.listOrders(...args));
  setOrderStatus: OrderStore['setOrderStatus'] = (...args) => this.guard(() => this.stockMoved(this.orders.setOrderStatus(...args)));
  stockLevels: StockStore['stockLevels'] = () => this.guard(() => this.stock.stockLevels());
  setStock: StockStore['setStock'] = (...args) => this.guard(() => this.stockMoved(this.stock.setStock(...args)));
  adjustStock: StockStore['adjustStock'] = (...args) => this.guard(() => this.stockMoved(this.stock.adjustStock(...args)));
  countAttempt: AttemptCounter['countAttempt'] = (...args) => this.guard(() => this.attempts.countAttempt(...args));
  refundAttempt: AttemptCounter['refundAttempt'] = (...args) => this.guard(() => this.attempts.refundAttempt(...args));
  claimSession: SessionClaims['claimSession'] = (...args) => this.guard(() => this.claims.claimSession(...args));

  onCatalogueChange(listener: (change: CatalogueChange) => void): () => void {
    this.catalogueListeners.add(listener);
    return () => this.catalogueListeners.delete(listener);
  }

  addSubscriber(email: string): Promise<{ created: boolean }> {
    return this.guard(async () => {
      const { rows } = await this.db.query(
        'INSERT INTO newsletter_subscribers (email, subscribed_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING 1',
        [email, new Date(this.now())],
      );
      return { created: rows.length > 0 };
    });
  }

  addContactMessage({ name, email, subject, message }: { name: string; email: string; subject: string; message: string }): Promise<void> {
    return this.guard(async () => {
      await this.db.query('INSERT INTO contact_messages (name, email, subject, message, received_at) VALUES ($1, $2, $3, $4, $5)', [
        name,
        email,
        subject,
        message,
        new Date(this.now()),
      ]);
    });
  }

  addRestockAlert(productId: string, email: string): Promise<{ created: boolean }> {
    return this.guard(async () => {
      const { rows } = await this.db.query(
        'INSERT INTO restock_alerts (product_id, email, created_at) VALUES ($1, $2, $3) ON CONFLICT (product_id, email) DO NOTHING RETURNING 1',
        [productId, email, new Date(this.now())],
      );
      return { created: rows.length > 0 };
    });
  }

  dumpDatabase(): Promise<Blob | undefined> {
    return this.guard(async () => this.db.dumpDatabase?.());
  }

  ping(): Promise<void> {
    return this.guard(async () => {
      await (this.db.ping ? this.db.ping() : this.db.query('SELECT 1'));
    });
  }

  purgeExpired(): Promise<void> {
    return this.guard(async () => {
      await this.carts.purgeExpired();
      await this.orders.purgeExpiredKeys();
      await this.attempts.purgeEnded();
      await this.claims.purgeOld();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.db.close();
    await this.lock?.release();
  }

  /** Listings show availability: once a change of stock has settled (committed or not), they are read again. */
  private async stockMoved<T>(change: Promise<T>): Promise<T> {
    try {
      return await change;
    } finally {
      this.catalogue.stockChanged();
    }
  }

  /** A closed store, or a database that fails to answer, is `StoreUnavailableError` (503), never a 500. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreUnavailableError('The store is closed.');
    try {
      return await work();
    } catch (error) {
      if (isConnectionError(error)) throw new StoreUnavailableError('The database did not answer.', { cause: error });
      throw error;
    }
  }
}

/**
 * Not a mistake in a statement: the server is gone, refuses connections, shuts down (SQLSTATE 08xxx, 57Pxx), is
 * read-only (no primary during a failover), or did not answer in time.
 */
function isConnectionError(error: unknown): boolean {
  if (isConnectionLoss(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error instanceof Error && /timeout|terminated|ECONNREFUSED|ECONNRESET|Connection/i.test(error.message);
  return code.startsWith('08') || code.startsWith('57P') || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT';
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** Where the database server is, for the statements' spans (never its credentials). */
function serverOf(databaseUrl: string): { address: string; port: number; database: string } {
  const url = new URL(databaseUrl);
  return { address: url.hostname, port: Number(url.port) || 5432, database: decodeURIComponent(url.pathname.slice(1)) };
}
