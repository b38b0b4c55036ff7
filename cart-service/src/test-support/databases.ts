import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import { DEFAULT_CATALOGUE_PATH, DEFAULT_PUBLIC_DIR, readCatalogueFile, validateCatalogue, type ValidProduct } from '../catalogue/catalogue-file';
import { openStore, type ShopStore, type StoreOptions } from '../store/open-store';

/** One database that stores can be opened on, one after the other (or several at once on a server). */
export interface StoreBacking {
  readonly name: string;
  /** Options for openStore on this database (the app's main.ts does the same with its configuration). */
  readonly storeOptions: Pick<StoreOptions, 'dataDir' | 'databaseUrl'>;
  /** Opens a store; stock is seeded with `stockEach` units of every catalogue product (1,000 unless told). */
  open(options?: Omit<StoreOptions, 'dataDir' | 'databaseUrl'> & { stockEach?: number }): Promise<ShopStore>;
  dispose(): Promise<void>;
}

export type BackingFactory = () => Promise<StoreBacking>;

/**
 * For a contract suite (call it inside its `describe`): `open` opens a store on a fresh backing, `reopen` another one on
 * a backing already used (to read what a closed store kept); every store is closed and every backing disposed of after
 * each test.
 */
export function storesClosedAfterEach(createBacking: BackingFactory) {
  const opened: ShopStore[] = [];
  const backings: StoreBacking[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await Promise.all(backings.splice(0).map((backing) => backing.dispose()));
  });
  type OpenOptions = Parameters<StoreBacking['open']>[0];
  const reopen = async (backing: StoreBacking, options?: OpenOptions): Promise<ShopStore> => {
    const store = await backing.open(options);
    opened.push(store);
    return store;
  };
  const open = async (options?: OpenOptions): Promise<{ store: ShopStore; backing: StoreBacking }> => {
    const backing = await createBacking();
    backings.push(backing);
    return { store: await reopen(backing, options), backing };
  };
  return { open, reopen };
}

let shipped: ValidProduct[] | undefined;
/** The real catalogue file's products, read once per test file. */
export function shippedProducts(): ValidProduct[] {
  shipped ??= readCatalogueFile();
  return shipped;
}

/** A product's entry as the catalogue file writes it. */
export type CatalogueEntry = { id: string } & Record<string, unknown>;

/**
 * The shipped catalogue file with its entries edited (a product removed, another price…), checked as the real file
 * is: for a test of any folder about a catalogue that changed (a feature's tests read no other feature).
 */
export function editedCatalogue(edit: (products: CatalogueEntry[]) => CatalogueEntry[]): ValidProduct[] {
  const data = JSON.parse(readFileSync(DEFAULT_CATALOGUE_PATH, 'utf8')) as { products: CatalogueEntry[] };
  return validateCatalogue({ ...data, products: edit(data.products) }, { origin: 'edited test catalogue', publicDir: DEFAULT_PUBLIC_DIR });
}

/** Gives a data folder without a database yet a copy of the run's migrated template (global-setup.ts), not an initdb. */
async function withTemplateDatabase(dataDir: string): Promise<void> {
  const database = join(dataDir, 'database');
  if (!existsSync(database)) await cp(inject('pgliteTemplate'), database, { recursive: true });
}

/** A data folder whose embedded database starts as a copy of the run's migrated template. */
export async function newDataDir(prefix = 'cart-service-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  await withTemplateDatabase(path);
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Opens the store as main.ts does on a new database (migrated, the catalogue imported), with `stockEach` units of every
 * product: 1,000 unless told, so suites about other things never run out; stock suites set the levels they test. An
 * embedded data folder without a database starts from the template. `products` replaces the shipped catalogue.
 */
export async function openSeededStore(options: Partial<StoreOptions> & { stockEach?: number; products?: ValidProduct[] }): Promise<ShopStore> {
  const { stockEach = 1000, dataDir = '/nonexistent', products = shippedProducts(), ...rest } = options;
  if (!rest.databaseUrl && options.dataDir) await withTemplateDatabase(dataDir);
  const store = await openStore({ dataDir, ...rest });
  // A product new to the database starts with its initial stock; one already there keeps its own.
  await store.importProducts(products.map((product) => ({ ...product, initialStock: stockEach })));
  return store;
}

/** A fresh database on the run's PostgreSQL server, created from the migrated template. */
export async function newPostgresDatabase({ throughPgBouncer = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const adminUrl = inject('postgresUrl');
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`));
  return {
    url: throughPgBouncer ? inject('pgbouncerUrl').replace('{database}', name) : adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(url);
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The embedded default: PGlite in a data folder. */
export const pgliteBacking: BackingFactory = async () => {
  const dir = await newDataDir();
  const storeOptions = { dataDir: dir.path };
  return { name: 'PGlite', storeOptions, open: (options) => openSeededStore({ ...storeOptions, ...options }), dispose: dir.remove };
};

/** A real PostgreSQL 15 server (DATABASE_URL). */
export const postgresBacking: BackingFactory = async () => {
  const database = await newPostgresDatabase();
  const storeOptions = { dataDir: '/nonexistent', databaseUrl: database.url };
  return { name: 'PostgreSQL', storeOptions, open: (options) => openSeededStore({ ...storeOptions, ...options }), dispose: database.drop };
};

/**
 * The same server through PgBouncer in transaction pooling, as the fleet and production run it (deploy/pgbouncer): a
 * store that kept session state between transactions, or named a prepared statement, fails here.
 */
export const pgbouncerBacking: BackingFactory = async () => {
  const database = await newPostgresDatabase({ throughPgBouncer: true });
  const storeOptions = { dataDir: '/nonexistent', databaseUrl: database.url };
  return { name: 'PgBouncer', storeOptions, open: (options) => openSeededStore({ ...storeOptions, ...options }), dispose: database.drop };
};

/** Every store the service can run on: contract suites run against each. */
export const BACKINGS: ReadonlyArray<[string, BackingFactory]> = [
  ['PGlite', pgliteBacking],
  ['PostgreSQL', postgresBacking],
  ['PostgreSQL through PgBouncer (transaction pooling)', pgbouncerBacking],
];
