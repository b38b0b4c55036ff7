/**
 * One server per child process, so the load generator (run.ts) does not share its event loop:
 *   tsx bench/cart-service/server.ts bare   -> a bare Koa app answering GET /bare with {ok:true}
 *   tsx bench/cart-service/server.ts app    -> the real cart-service app, file store in a temporary directory
 * Prints `READY <url>` once listening on a free loopback port; exits on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { createApp } from '../../cart-service/src/app.ts';
import { loadCatalogue } from '../../cart-service/src/catalogue/load-catalogue.ts';
import { createLogger } from '../../cart-service/src/logger.ts';
import { FileCartStore } from '../../cart-service/src/store/cart-store.file.ts';

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
  const dir = mkdtempSync(join(tmpdir(), 'cart-service-bench-'));
  // Logged like production (one JSON line per request, buffered asynchronous writes), to a file instead of stdout.
  const logger = createLogger('info', { dest: join(dir, 'requests.log') });
  const store = await FileCartStore.open({ dir: join(dir, 'data') });
  const service = createApp({
    store,
    catalogue: loadCatalogue(),
    sessionKeys: ['bench-session-key-0123456789-abcdefghijklmnop'],
    allowedOrigins: ['http://localhost:3000'],
    logger,
  });
  const { url } = await service.listen(0, '127.0.0.1');
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
