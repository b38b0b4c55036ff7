import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieClient } from './test-support/cookie-client';
import { LISTENING_LINE } from './test-support/service-process';
import { tempDir } from './test-support/test-app';

const packageRoot = resolve(import.meta.dirname, '..');
const tsx = join(packageRoot, 'node_modules/.bin/tsx');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `tsx src/main.ts` as `pnpm serve` does, with the given environment. */
function run(env: Record<string, string>): Started {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the URL from the "cart-service listening" log line (the service is ready then). */
async function listeningUrl(started: Started): Promise<string> {
  let url: string | undefined;
  await expect
    .poll(
      () => {
        const match = LISTENING_LINE.exec(started.output());
        url = match?.[1];
        return url !== undefined || started.child.exitCode !== null;
      },
      // Opening the embedded database and migrating takes a few seconds, more while other suites load both cores.
      { timeout: 30_000, interval: 50 },
    )
    .toBe(true);
  if (!url) throw new Error(`cart-service did not start:\n${started.output()}`);
  return url;
}

describe('src/main.ts', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts with development defaults, answers, and stops cleanly on SIGTERM', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const started = run({ CART_SERVICE_PORT: '0', CART_DATA_DIR: dir.path });
    cleanups.push(async () => {
      if (started.child.exitCode === null) started.child.kill('SIGKILL');
    });
    const url = await listeningUrl(started);
    const client = new CookieClient(url);
    const cart = await client.get('/api/cart');
    expect(cart.status).toBe(200);
    expect(cart.body).toEqual({ cart: [] });
    expect(client.cookies.has('shop.sid')).toBe(false); // a read opens no session
    expect((await client.post('/api/cart/add', { productId: 'sv-001' })).status).toBe(200);
    expect(client.cookies.has('shop.sid')).toBe(true);
    expect(started.output()).toMatch(/SESSION_KEYS is not set/);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toMatch(/"msg":"cart-service stopped"/);
    const logText = started.output();
    expect(logText).not.toContain(client.cookies.get('shop.sid'));

    // Same data directory, same generated key: the cart survives the restart.
    const again = run({ CART_SERVICE_PORT: '0', CART_DATA_DIR: dir.path });
    cleanups.push(async () => {
      if (again.child.exitCode === null) again.child.kill('SIGKILL');
    });
    const url2 = await listeningUrl(again);
    expect((await client.withBaseUrl(url2).get('/api/cart')).body.cart).toMatchObject([{ productId: 'sv-001', quantity: 1 }]);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('refuses to start with a bad catalogue, saying what is wrong', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const catalogue = join(dir.path, 'catalogue.json');
    await writeFile(
      catalogue,
      JSON.stringify({
        currency: 'MAD',
        products: [{ id: 'x-1', slug: 'x', name: 'Savon', description: 'Un savon très doux.', category: 'soap', price: 10, images: ['/images/products/x.svg'] }],
      }),
    );
    const started = run({ CART_SERVICE_PORT: '0', CART_DATA_DIR: dir.path, CATALOGUE_PATH: catalogue });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Invalid catalogue \(.*catalogue\.json\)/);
    expect(started.output()).toMatch(/products\[0\]\.category \(x-1\)/);
  });

  it('refuses to start with a bad environment, listing the variables', async () => {
    const started = run({ CART_SERVICE_PORT: 'abc', SHOP_ORIGIN: 'localhost:3000' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Invalid cart-service configuration:\n {2}- CART_SERVICE_PORT: .*\n {2}- SHOP_ORIGIN\.0: /);
  });

  it('refuses to start in production without SESSION_KEYS', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const started = run({ CART_SERVICE_PORT: '0', CART_DATA_DIR: dir.path, NODE_ENV: 'production' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/SESSION_KEYS must be set in production/);
  });
});
