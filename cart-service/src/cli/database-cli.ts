import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CART_SERVICE_URL } from '@shop/contracts/ports';
import { loadConfig } from '../config';
import { createPglite, dumpBetweenTransactions, loadDump, NotADumpError, type DatabaseSummary } from '../db/pglite-dump';
import { DataFolderInUseError, lockSingleWriter } from '../db/single-writer-lock';
import { adminClient, date, printable, refused, type CliIo } from './admin-cli';

/**
 * Backups of the embedded database (PGlite in CART_DATA_DIR/database), from the repository's root:
 *   pnpm backup <file.tar.gz>    a consistent copy, the shop running or not
 *   pnpm restore <file.tar.gz>   the shop stopped: brings a copy back, the replaced database kept beside it
 * While cart-service runs, only it may open its database: `backup` asks it (GET /admin/backup, with ADMIN_TOKEN at
 * CART_SERVICE_URL); when the folder's lock is free, it opens the folder itself. A PostgreSQL server (DATABASE_URL) is
 * backed up with pgBackRest instead (docs/production.md#backups).
 */
const USAGE = `Usage:
  backup <file.tar.gz>    a consistent copy of the embedded database, cart-service running or not
  restore <file.tar.gz>   brings a copy back, cart-service stopped (the database it replaces is kept beside it)
Environment: CART_DATA_DIR (the data folder); while cart-service runs, CART_SERVICE_URL (default ${DEFAULT_CART_SERVICE_URL}) and ADMIN_TOKEN.`;

const ON_SERVER =
  'DATABASE_URL is set: the database is a PostgreSQL server, backed up and restored with pgBackRest, see docs/production.md#backups. ' +
  'This command copies the embedded database (PGlite in CART_DATA_DIR) only.';

/** A mistake the operator can put right (a missing file, the shop still running…): said plainly, exit code 2. */
class UsageError extends Error {}

/** Runs one command; answers the exit code (0 done, 1 failed or refused by cart-service, 2 usage or configuration). */
export async function runDatabaseCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [command, file, ...extra] = argv.filter((arg) => arg !== '--');
  if (command === '--help' || command === '-h') {
    io.out(USAGE);
    return 0;
  }
  if ((command !== 'backup' && command !== 'restore') || !file || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  if (config.databaseUrl) {
    io.err(ON_SERVER);
    return 2;
  }
  // pnpm runs the script in cart-service/; the path is the one the operator typed, from where they typed it.
  const path = resolve(env['INIT_CWD'] ?? process.cwd(), file);
  try {
    return command === 'backup' ? await backup(path, config.dataDir, env, io) : await restore(path, config.dataDir, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message);
    return 2;
  }
}

async function backup(path: string, dataDir: string, env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const started = performance.now();
  if (!existsSync(dirname(path))) throw new UsageError(`The folder ${dirname(path)} does not exist.`);
  if (!existsSync(join(dataDir, 'database'))) throw new UsageError(`There is no embedded database in ${dataDir}: set CART_DATA_DIR to cart-service's data folder.`);
  const partial = `${path}.partial-${process.pid}`;
  try {
    const copied = await copyFromFolder(dataDir, partial, io);
    if (copied === 'in use') {
      const code = await copyFromService(dataDir, partial, env, io);
      if (code !== 0) return code;
    }
    await syncFile(partial);
    let summary;
    try {
      summary = await checkedCopy(partial);
    } catch (error) {
      if (!(error instanceof NotADumpError)) throw error;
      io.err(`The copy made does not open, nothing was written to ${path}: ${error.message}`);
      return 1;
    }
    await rename(partial, path);
    await syncFile(dirname(path));
    io.out(`${path}: ${megabytes(statSync(path).size)}, ${describe(summary)} (${seconds(started)}).`);
    return 0;
  } finally {
    await rm(partial, { force: true });
  }
}

/** The copy made by this process, holding the folder's lock so no cart-service starts meanwhile; 'in use' when one runs. */
async function copyFromFolder(dataDir: string, file: string, io: CliIo): Promise<'copied' | 'in use'> {
  let lock;
  try {
    lock = await lockSingleWriter(dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUseError) return 'in use';
    throw error;
  }
  try {
    io.out(`No cart-service runs on ${dataDir}: copying its database directly.`);
    const db = await createPglite(join(dataDir, 'database'));
    try {
      await writeBody(Readable.fromWeb((await dumpBetweenTransactions(db)).stream() as ReadableStream), file);
    } finally {
      await db.close();
    }
    return 'copied';
  } finally {
    await lock.release();
  }
}

/** The copy made by the running cart-service, between two of its transactions, received into `file`. */
async function copyFromService(dataDir: string, file: string, env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const client = adminClient(env, io);
  if (!client) return 2;
  io.out(`cart-service runs on ${dataDir}: asking it for a copy (${client.base}/admin/backup).`);
  let res;
  try {
    res = await client.call('/admin/backup');
    if (!res.ok) return await refused(io, res);
    if (!res.body) throw new Error('the answer has no body');
    await writeBody(Readable.fromWeb(res.body as ReadableStream), file);
  } catch (error) {
    io.err(`cart-service cannot be reached at ${client.base}: ${(error as Error).message}`);
    return 1;
  }
  return 0;
}

/**
 * Restores `path` into the data folder with cart-service stopped: the copy is opened in a folder beside the database
 * first (a file that is not one changes nothing), then the folders are swapped by renaming, the replaced one kept.
 */
async function restore(path: string, dataDir: string, io: CliIo): Promise<number> {
  const started = performance.now();
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`${path} is not a file.`);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let lock;
  try {
    lock = await lockSingleWriter(dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    throw new UsageError(
      `cart-service (pid ${error.holderPid}) is running on ${dataDir}: stop the shop before restoring. Nothing was changed. ` +
        '(A backup can be taken while it runs; a restore cannot.)',
    );
  }
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const database = join(dataDir, 'database');
    const incoming = `${database}.restoring-${stamp}`;
    let summary;
    try {
      summary = await loadDump(path, incoming);
    } catch (error) {
      if (!(error instanceof NotADumpError)) throw error;
      throw new UsageError(`${error.message} Nothing was changed.`);
    }
    const aside = existsSync(database) ? `${database}.before-restore-${stamp}` : undefined;
    if (aside) await rename(database, aside);
    try {
      await rename(incoming, database);
    } catch (error) {
      if (aside) await rename(aside, database);
      throw error;
    }
    await syncFile(dataDir);
    io.out(`Restored ${path} into ${database}: ${describe(summary)} (${seconds(started)}).`);
    if (aside) io.out(`The database it replaced is kept in ${aside}: delete it once the shop runs as it should.`);
    return 0;
  } finally {
    await lock.release();
  }
}

/** Opens the copy in a scratch folder, as a restore would, and says what it holds. */
async function checkedCopy(file: string): Promise<DatabaseSummary> {
  const scratch = await mkdtemp(join(tmpdir(), 'cart-service-backup-check-'));
  try {
    return await loadDump(file, join(scratch, 'database'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function writeBody(body: Readable, file: string): Promise<void> {
  await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
}

/** On disk before it is renamed into place (a file), or the rename itself (a folder). */
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function describe(summary: DatabaseSummary): string {
  const newest = summary.newestOrderAt ? `, the newest placed ${date.format(summary.newestOrderAt)}` : '';
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return printable(`${count(summary.orders, 'order')}${newest}, ${count(summary.products, 'product')}`);
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// Run as a script (not when imported by the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDatabaseCli(process.argv.slice(2), process.env, { out: console.log, err: console.error })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
