import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockSingleWriter } from '../db/single-writer-lock';
import { newDataDir, openSeededStore } from '../test-support/databases';
import { CookieClient } from '../test-support/cookie-client';
import { startApp, tempDir, type RunningApp } from '../test-support/test-app';
import { runDatabaseCli } from './database-cli';

const ADMIN_TOKEN = 'backup-operators-token-0123456789-abcdefg';
const delivery = { fullName: 'Nadia Berrada', phone: '0612345678', city: 'Rabat', address: '8, avenue Fal Ould Oumeir, Agdal' };

const cleanUps: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function folder(prefix: string, { withDatabase = true } = {}) {
  const dir = withDatabase ? await newDataDir(prefix) : await tempDir(prefix);
  cleanUps.push(dir.remove);
  return dir.path;
}

async function run(dataDir: string, argv: string[], extraEnv: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { CART_DATA_DIR: dataDir, ADMIN_TOKEN, ...extraEnv };
  const code = await runDatabaseCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Places one order through the API, as a shopper would; answers its number once acknowledged. */
async function placeOrder(app: RunningApp): Promise<string> {
  const shopper = new CookieClient(app.url, { Origin: 'http://localhost:3000', 'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
  const added = await shopper.post('/api/cart/add', { productId: 'sv-001', quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const placed = await shopper.post('/api/orders', delivery, { 'Idempotency-Key': randomUUID() });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order.number as string;
}

/** The order numbers a data folder's database holds, read through a store opened on it as the service would. */
async function ordersIn(dataDir: string): Promise<string[]> {
  const store = await openSeededStore({ dataDir });
  try {
    const page = await store.listOrders({ limit: 1000 });
    return page.orders.map((order) => order.number);
  } finally {
    await store.close();
  }
}

describe('pnpm backup / pnpm restore (the embedded database)', () => {
  it('copies a running shop while orders keep coming: the copy holds every order acknowledged before it, and restores', async () => {
    const dataDir = await folder('backup-running-');
    const app = await startApp({ dataDir, adminToken: ADMIN_TOKEN, stockEach: 1_000_000 });
    cleanUps.push(() => app.close());
    const before = [await placeOrder(app), await placeOrder(app), await placeOrder(app)];

    // Shoppers keep ordering while the backup is taken and sent.
    let buying = true;
    const during: string[] = [];
    const buyers = [1, 2].map(async () => {
      while (buying) {
        during.push(await placeOrder(app));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const file = join(await folder('backup-file-', { withDatabase: false }), 'shop.tar.gz');
    const backup = await run(dataDir, ['backup', file], { CART_SERVICE_URL: app.url });
    buying = false;
    await Promise.all(buyers);

    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(during.length).toBeGreaterThan(0);
    expect(backup.out).toContain(`cart-service runs on ${dataDir}: asking it for a copy`);
    expect(backup.out).toMatch(new RegExp(`${file}: \\d+\\.\\d MB, \\d+ orders, the newest placed .+, \\d+ products`));
    expect(readdirSync(join(file, '..'))).toEqual(['shop.tar.gz']); // no partial file left

    const restoredDir = await folder('backup-restored-', { withDatabase: false });
    const restore = await run(restoredDir, ['restore', file]);
    expect(restore).toMatchObject({ code: 0, err: '' });
    expect(restore.out).toMatch(/^Restored .+ into .+database: \d+ orders, the newest placed .+, \d+ products \(\d+\.\d s\)\.$/);
    const restored = await ordersIn(restoredDir);
    expect(restored).toEqual(expect.arrayContaining(before));
    expect(new Set(restored).size).toBe(restored.length);
    // Orders placed while it ran may or may not be in it; none other is.
    expect(restored.every((number) => before.includes(number) || during.includes(number))).toBe(true);
  }, 60_000);

  it('copies the folder itself when no cart-service runs on it, and restores over a database, keeping the old one aside', async () => {
    const dataDir = await folder('backup-stopped-');
    const app = await startApp({ dataDir, adminToken: ADMIN_TOKEN });
    const kept = await placeOrder(app);
    await app.close();
    const file = join(await folder('backup-file-', { withDatabase: false }), 'shop.tar.gz');
    const backup = await run(dataDir, ['backup', file], { CART_SERVICE_URL: 'http://127.0.0.1:9' });
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toContain(`No cart-service runs on ${dataDir}: copying its database directly.`);
    expect(backup.out).toContain('1 order,');

    // An order after the backup: the restore takes the folder back to before it.
    const again = await startApp({ dataDir, adminToken: ADMIN_TOKEN });
    const later = await placeOrder(again);
    await again.close();
    const restore = await run(dataDir, ['restore', file]);
    expect(restore.code).toBe(0);
    const aside = /kept in (\S+database\.before-restore-\S+):/.exec(restore.out)?.[1];
    expect(aside && existsSync(join(aside, 'PG_VERSION'))).toBe(true);
    expect(await ordersIn(dataDir)).toEqual([kept]);
    expect(later).not.toBe(kept);
  }, 60_000);

  it('refuses to restore while the data folder is in use, naming the process, and changes nothing', async () => {
    const dataDir = await folder('restore-held-');
    const file = join(dataDir, 'some.tar.gz');
    writeFileSync(file, 'whatever');
    const lock = await lockSingleWriter(dataDir);
    cleanUps.push(() => lock.release());
    const restore = await run(dataDir, ['restore', file]);
    expect(restore.code).toBe(2);
    expect(restore.err).toBe(
      `cart-service (pid ${process.pid}) is running on ${dataDir}: stop the shop before restoring. Nothing was changed. (A backup can be taken while it runs; a restore cannot.)`,
    );
    expect(readdirSync(dataDir).sort()).toEqual(['database', 'some.tar.gz']);
  });

  it('refuses a file that is not a backup, and leaves the database untouched', async () => {
    const dataDir = await folder('restore-garbage-');
    const version = readFileSync(join(dataDir, 'database', 'PG_VERSION'), 'utf8');
    const files = await folder('restore-inputs-', { withDatabase: false });
    const notADump = join(files, 'orders.csv');
    writeFileSync(notADump, 'number,total\nK7M2-Q9XP,120\n');
    const restore = await run(dataDir, ['restore', notADump]);
    expect(restore.code).toBe(2);
    expect(restore.err).toBe(`${notADump} is not a backup of the shop's embedded database (it does not open as a PGlite database folder). Nothing was changed.`);
    expect(readdirSync(dataDir)).toEqual(['database']);
    expect(readFileSync(join(dataDir, 'database', 'PG_VERSION'), 'utf8')).toBe(version);

    const missing = await run(dataDir, ['restore', join(files, 'nowhere.tar.gz')]);
    expect(missing).toMatchObject({ code: 2, err: `${join(files, 'nowhere.tar.gz')} is not a file.` });
  }, 30_000);

  it('points to pgBackRest with a PostgreSQL server, and explains its usage', async () => {
    const dataDir = await folder('backup-server-', { withDatabase: false });
    for (const command of ['backup', 'restore']) {
      const refused = await run(dataDir, [command, 'shop.tar.gz'], { DATABASE_URL: 'postgres://shop@db.internal/shop' });
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('pgBackRest, see docs/production.md#backups');
    }
    expect((await run(dataDir, ['backup'])).code).toBe(2);
    expect((await run(dataDir, ['backup', join(dataDir, 'shop.tar.gz')])).err).toContain(`There is no embedded database in ${dataDir}`);
  });

  it('GET /admin/backup wants the operators\' token', async () => {
    const dataDir = await folder('backup-route-');
    const app = await startApp({ dataDir, adminToken: ADMIN_TOKEN });
    cleanUps.push(() => app.close());
    const anonymous = await fetch(`${app.url}/admin/backup`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const operator = await fetch(`${app.url}/admin/backup`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(operator.status).toBe(200);
    expect(operator.headers.get('content-type')).toBe('application/gzip');
    expect(operator.headers.get('content-disposition')).toMatch(/^attachment; filename="cart-service-.+\.tar\.gz"$/);
    const body = new Uint8Array(await operator.arrayBuffer());
    expect([body[0], body[1]]).toEqual([0x1f, 0x8b]); // gzip
  }, 30_000);
});
