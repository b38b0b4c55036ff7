import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './support/test';
import { freeStackPorts, stackEnvironment, waitForUrl } from './support/stack-env';

// A remote team's day: `pnpm dev` (every package's dev server, with HMR) must give a working shop, not only the
// production build. It once showed an empty page: the shell's lazily compiled bootstrap never started.
test('the development stack serves a shop composed of the three remotes’ dev servers', async ({ page }) => {
  test.setTimeout(180_000);
  const ports = await freeStackPorts();
  const dir = await mkdtemp(join(tmpdir(), 'shop-dev-'));
  const remotesFile = join(dir, 'remotes.dev.json');
  await writeFile(
    remotesFile,
    JSON.stringify({
      remotes: [
        { name: 'mf_frame', entry: `http://localhost:${ports['mf-frame']}/mf-manifest.json` },
        { name: 'mf_cart', entry: `http://localhost:${ports['mf-cart']}/mf-manifest.json` },
        { name: 'mf_catalog_pages', entry: `http://localhost:${ports['mf-catalog-pages']}/mf-manifest.json` },
      ],
    }),
  );
  const shopUrl = `http://localhost:${ports.shell}`;
  let output = '';
  const stack: ChildProcess = spawn('node', ['--import', 'tsx', 'scripts/run-stack.ts', '--dev'], {
    cwd: resolve(__dirname, '..'),
    detached: true,
    env: stackEnvironment(ports, { remotesFile, dataDir: dir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await Promise.all([
      waitForUrl(`${shopUrl}/healthz`, 120_000),
      waitForUrl(`http://127.0.0.1:${ports['cart-service']}/healthz`, 120_000),
      ...(['mf-frame', 'mf-cart', 'mf-catalog-pages'] as const).map((name) =>
        waitForUrl(`http://localhost:${ports[name]}/mf-manifest.json`, 120_000),
      ),
    ]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${shopUrl}/shop/face`);
    await expect(page.locator('[data-remote="mf_frame"]').getByRole('navigation', { name: 'Menu principal' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.locator('[data-remote="mf_cart"]').getByRole('button', { name: /^Panier/ })).toBeVisible();
    await expect(page.locator('[data-remote="mf_catalog_pages"]').getByRole('heading', { level: 1 })).toHaveText(
      'Soins du visage',
    );
    await expect(page.locator('[data-remote="mf_catalog_pages"] [data-product-id]').first()).toBeVisible();
    await expect(page.locator('[data-fallback]')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
    expect(output).not.toMatch(/ChunkVersionError/);
  } finally {
    if (stack.pid) process.kill(-stack.pid, 'SIGTERM');
    await new Promise((done) => (stack.exitCode === null ? stack.once('exit', done) : done(undefined)));
    await rm(dir, { recursive: true, force: true });
  }
});
