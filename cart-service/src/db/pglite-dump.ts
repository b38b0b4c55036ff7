import { openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PGlite in `folder` (its parent must exist), with the extensions the migrations use: pg_trgm, for the catalogue's
 * search (migration 004). `load`: a dump (`dumpBetweenTransactions`) the folder starts as; the folder must then be empty.
 */
export function createPglite(folder: string, load?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir: folder, extensions: { pg_trgm }, ...(load ? { loadDataDir: load } : {}) });
}

/**
 * The whole database folder as a gzipped tarball. PGlite's own dump waits for the running statement only; this one
 * waits for the running transaction too (the lock its `transaction()` and `query()` take), so the copy holds every
 * commit made before it and nothing half-done. Each commit is in the write-ahead log, which the copy holds: opening it
 * replays the log from the checkpoint, as after a crash; the checkpoint first keeps that replay short.
 */
export async function dumpBetweenTransactions(db: PGlite): Promise<Blob> {
  await db.exec('CHECKPOINT');
  return db._runExclusiveTransaction(() => db.dumpDataDir('gzip'));
}

/** What a copy of the shop's database holds, for the operator to recognise it. */
export interface DatabaseSummary {
  orders: number;
  /** When the newest order was placed (null: no order). */
  newestOrderAt: Date | null;
  products: number;
}

/** Throws when these are not the shop's tables (another PostgreSQL database). */
export async function summarize(db: PGlite): Promise<DatabaseSummary> {
  const { rows } = await db.query<{ orders: number; newest: Date | null; products: number }>(
    'SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT max(created_at) FROM orders) AS newest, (SELECT count(*)::int FROM products) AS products',
  );
  const row = rows[0]!;
  return { orders: row.orders, newestOrderAt: row.newest, products: row.products };
}

/** A file that is not a copy of the shop's database, with what was wrong with it. */
export class NotADumpError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a backup of the shop's embedded database (${reason}).`);
    this.name = 'NotADumpError';
  }
}

/**
 * Opens the dump `file` into `folder` (created; it must not exist) and reads what it holds, then closes it: the folder
 * is then a database folder cart-service can open. Throws `NotADumpError`, with the folder removed, when the file
 * cannot be read as one or holds other tables.
 */
export async function loadDump(file: string, folder: string): Promise<DatabaseSummary> {
  let db: PGlite | undefined;
  try {
    db = await createPglite(folder, await openAsBlob(file));
    return await summarize(db);
  } catch (error) {
    await db?.close().catch(() => undefined);
    db = undefined;
    await rm(folder, { recursive: true, force: true });
    throw new NotADumpError(file, reasonOf(error));
  } finally {
    await db?.close();
  }
}

/** PGlite says little when a tarball is not a database folder: the most telling words it gives. */
function reasonOf(error: unknown): string {
  const message = (error as Error).message ?? String(error);
  if (/failed to initialize|tar|gzip|header/i.test(message)) return 'it does not open as a PGlite database folder';
  if (/relation .* does not exist/i.test(message)) return `it opens, but not as the shop's database: ${message}`;
  return message;
}
