import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { initialStockLevels } from '../catalogue/availability';
import { loadCatalogue } from '../catalogue/load-catalogue';
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

/** A data folder whose embedded database starts as a copy of the run's migrated template (global-setup.ts). */
export async function newDataDir(prefix = 'cart-service-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  await cp(inject('pgliteTemplate'), join(path, 'database'), { recursive: true });
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A fresh database on the run's PostgreSQL server, created from the migrated template. */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const adminUrl = inject('postgresUrl');
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`));
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
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

let catalogue: ReturnType<typeof loadCatalogue> | undefined;

async function openSeeded(base: Pick<StoreOptions, 'dataDir' | 'databaseUrl'>, options: Parameters<StoreBacking['open']>[0] = {}) {
  const { stockEach = 1000, ...rest } = options;
  const store = await openStore({ ...base, ...rest });
  catalogue ??= loadCatalogue();
  await store.seedStock(initialStockLevels(catalogue).map((level) => ({ ...level, onHand: stockEach })));
  return store;
}

/** The embedded default: PGlite in a data folder. */
export const pgliteBacking: BackingFactory = async () => {
  const dir = await newDataDir();
  const storeOptions = { dataDir: dir.path };
  return { name: 'PGlite', storeOptions, open: (options) => openSeeded(storeOptions, options), dispose: dir.remove };
};

/** A real PostgreSQL 15 server (DATABASE_URL). */
export const postgresBacking: BackingFactory = async () => {
  const database = await newPostgresDatabase();
  const storeOptions = { dataDir: '/nonexistent', databaseUrl: database.url };
  return { name: 'PostgreSQL', storeOptions, open: (options) => openSeeded(storeOptions, options), dispose: database.drop };
};

/** Every store the service can run on: contract suites run against each. */
export const BACKINGS: ReadonlyArray<[string, BackingFactory]> = [
  ['PGlite', pgliteBacking],
  ['PostgreSQL', postgresBacking],
];
