import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type Koa from 'koa';
import { pino, type Logger } from 'pino';
import { folderPhotoStorage } from '../photos/photo-storage';
import { createApp, type AppOptions, type CartServiceApp } from '../app';
import type { ShopStore } from '../store/open-store';
import type { ValidProduct } from '../catalogue/catalogue-file';
import { newDataDir, openSeededStore, shippedProducts } from './databases';
import { fileCatalogue, type FileCatalogue } from './file-catalogue';

export const SHOP_ORIGIN = 'http://localhost:3000';
export const TEST_SESSION_KEYS = ['test-session-key-0123456789-abcdefghijklmnop'];

/** The shipped catalogue as the API should give it (file-catalogue.ts). */
let shipped: FileCatalogue | undefined;
export const catalogue = (): FileCatalogue => (shipped ??= fileCatalogue(shippedProducts()));

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** A logger whose lines (parsed JSON objects) and raw text are kept for assertions. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>>; raw: string[] } {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines, raw };
}

export async function tempDir(prefix = 'cart-service-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Opens the store as main.ts does, with plenty of stock (databases.ts). */
export const openTestStore = openSeededStore;

export interface RunningApp {
  url: string;
  service: CartServiceApp;
  store: ShopStore;
  close(): Promise<void>;
}

/** `products`: the catalogue file's products the store imports (the shipped ones unless told; changed ones are updated). */
export type TestAppOptions = Partial<Omit<AppOptions, 'store'>> & { store?: ShopStore; dataDir?: string; stockEach?: number; products?: ValidProduct[] };

/** Creates the real app (embedded database in `dataDir` unless a store is given) and starts it on a free loopback port. */
export async function startApp(options: TestAppOptions = {}): Promise<RunningApp> {
  let store = options.store;
  if (!store) {
    if (!options.dataDir) throw new Error('startApp needs a store or a dataDir');
    store = await openTestStore({
      dataDir: options.dataDir,
      ...(options.stockEach !== undefined ? { stockEach: options.stockEach } : {}),
      ...(options.products ? { products: options.products } : {}),
    });
  }
  const { stockEach: _stockEach, dataDir: _dataDir, products: _products, ...appOptions } = options;
  const service = createApp({
    sessionKeys: TEST_SESSION_KEYS,
    allowedOrigins: [SHOP_ORIGIN],
    logger: silentLogger(),
    // Photos beside the database, as main.ts keeps them by default.
    ...(options.dataDir ? { photos: folderPhotoStorage(join(options.dataDir, 'photos')) } : {}),
    ...appOptions,
    store,
  });
  const { url } = await service.listen(0, '127.0.0.1');
  return { url, service, store, close: () => service.close() };
}

/**
 * The real app on the embedded database in a fresh folder, started before the calling suite's tests and closed (with its
 * folder removed) after them. `app` stands for the running app once it has started.
 */
export function embeddedAppPerSuite(
  options: Omit<TestAppOptions, 'dataDir' | 'store'> = {},
): { app: RunningApp; dataDir: () => string } {
  let running: RunningApp | undefined;
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined;
  beforeAll(async () => {
    dir = await newDataDir();
    running = await startApp({ ...options, dataDir: dir.path });
  });
  afterAll(async () => {
    await running?.close();
    await dir?.remove();
  });
  const started = () => {
    if (!running || !dir) throw new Error('the app is used before it has started');
    return { running, dir };
  };
  const app = new Proxy({} as RunningApp, { get: (_t, key) => Reflect.get(started().running, key) });
  return { app, dataDir: () => started().dir.path };
}

/** The real app with these session keys, neither started nor given a store: for a test of what it makes of a request. */
export function appWithoutStore(sessionKeys: string[]): Koa {
  return createApp({
    store: {} as unknown as ShopStore, // never used: no request is handled
    sessionKeys,
    allowedOrigins: [],
    logger: silentLogger(),
  }).app;
}
