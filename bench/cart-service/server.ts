/**
 * One server per child process, so the load generator (run.ts, scale.ts) does not share its event loop:
 *   tsx bench/cart-service/server.ts bare   -> a bare Koa app answering GET /bare with {ok:true}
 *   tsx bench/cart-service/server.ts app    -> the real cart-service app on its store (openStore), started like
 *                                             main.ts does it: open (and migrate) the database, look for the previous
 *                                             release's files to import, seed stock, purge expired rows, listen
 * The app's store: PGlite (embedded) in a temporary data folder removed on exit, unless the environment names one:
 *   BENCH_DATA_DIR=<folder>          PGlite in <folder>/database (kept on exit: the caller owns it)
 *   BENCH_DATABASE_URL=postgres://…  a PostgreSQL server instead
 * Every product is given 10,000,000 units when it has no stock row yet (the app refuses adds beyond stock).
 * Prints `STARTUP {json}` (the app's own start-up steps in ms, and its pid), then `READY <url>` once listening on a
 * free loopback port; exits on SIGTERM.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '@shop/server-kit/logger';
import Koa from 'koa';
import { createApp } from '../../cart-service/src/app.ts';
import { readCatalogueFile } from '../../cart-service/src/catalogue/catalogue-file.ts';
import { openStore } from '../../cart-service/src/store/open-store.ts';

/** Units of every product: enough that no load ever runs out. */
const BENCH_STOCK = 10_000_000;

const kind = process.argv[2];

async function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const app = new Koa();
  app.use((ctx) => {
    if (ctx.method === 'GET' && ctx.path === '/bare') ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function startCartService(): Promise<{ url: string; stop(): Promise<void> }> {
  const modulesLoadedMs = performance.now();
  // Logs and, unless BENCH_DATA_DIR is given, the database go in a folder of our own, removed on exit.
  const dir = mkdtempSync(join(tmpdir(), 'cart-service-bench-'));
  const dataDir = process.env.BENCH_DATA_DIR || join(dir, 'data');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  mkdirSync(dataDir, { recursive: true });
  // Logged like production (one JSON line per request, buffered asynchronous writes), to a file instead of stdout.
  const logger = createLogger('cart-service', 'info', { dest: join(dir, 'requests.log') });
  const beforeOpen = performance.now();
  const store = await openStore({ databaseUrl, dataDir, logger, importLegacyFrom: dataDir });
  const opened = performance.now();
  // The catalogue as a new database imports it, each product with BENCH_STOCK units (a product already there keeps its stock).
  await store.importProducts(readCatalogueFile().map((product) => ({ ...product, initialStock: BENCH_STOCK })));
  await store.purgeExpired();
  const seeded = performance.now();
  const service = createApp({
    store,
    sessionKeys: ['bench-session-key-0123456789-abcdefghijklmnop'],
    allowedOrigins: ['http://localhost:3000'],
    logger,
  });
  const { url } = await service.listen(0, '127.0.0.1');
  const listening = performance.now();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  console.log(
    `STARTUP ${JSON.stringify({
      pid: process.pid,
      store: store.kind,
      // performance.now() counts from this process's start: node, tsx and the app's modules come first.
      processToModulesMs: round(modulesLoadedMs),
      openStoreMs: round(opened - beforeOpen),
      seedAndPurgeMs: round(seeded - opened),
      listenMs: round(listening - seeded),
      processToListeningMs: round(listening),
    })}`,
  );
  return {
    url,
    stop: async () => {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const started = kind === 'bare' ? await startBare() : kind === 'app' ? await startCartService() : undefined;
if (!started) {
  console.error('usage: server.ts bare|app');
  process.exit(2);
}
console.log(`READY ${started.url}`);
process.once('SIGTERM', () => {
  void started.stop().then(() => process.exit(0));
});
