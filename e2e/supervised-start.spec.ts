import { createServer, type Server } from 'node:net';
import { expect, test } from './support/test';
import { waitForUrl } from './support/stack-env';
import { startSupervisedStack, type SupervisedStack } from './support/supervised-stack';

// `pnpm start` runs `node --import tsx scripts/run-stack.ts`: one process dying must not stop the shop. The runner restarts it
// (with backoff) while the others keep serving, and Ctrl-C still stops everything, leaving nothing behind.
let stack: SupervisedStack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startSupervisedStack();
});
test.afterAll(async () => {
  if (stack?.runner.exitCode === null) await stack.stop('SIGTERM').catch(() => undefined);
  await stack?.cleanUp();
});

/** Listens on a port that a restarted server wants, so the restart fails for a while (retried with backoff). */
async function occupy(port: number, ms: number): Promise<Server | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const server = createServer((socket) => socket.destroy());
    const listening = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (listening) return server;
    await new Promise((r) => setTimeout(r, 5));
  }
  return undefined;
}

test('a killed remote server, then a killed cart-service, are restarted while the shop keeps serving; SIGINT stops all', async ({ page }) => {
  test.setTimeout(120_000);
  await expect.poll(() => stack.output(), { timeout: 30_000 }).toContain('La boutique est prête');

  // mf-cart's node server (npm → sh → node), killed without a chance to clean up.
  const cartRemote = await stack.killServer('mf-cart');
  expect(cartRemote.argv.join(' ')).toContain('shop-release-server.mjs --remote mf_cart');
  // Hold its port a moment, so its restarts fail and the shop is seen without it.
  const squatter = await occupy(stack.ports['mf-cart'], 2_000);
  // The supervisor waits 500 ms before its first restart; the port is free again within milliseconds of the kill.
  expect(squatter, 'the port of the killed mf-cart could be taken before its restart').toBeDefined();
  try {
    const html = await fetch(`${stack.url}/shop/face`);
    expect(html.status).toBe(200);
    await html.arrayBuffer();
    await page.goto(`${stack.url}/shop/face`);
    await expect(page.getByRole('button', { name: 'Panier indisponible pour le moment' })).toBeDisabled();
    await expect(page.locator('[data-remote="mf_frame"]').first().getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.locator('main [data-remote="mf_catalog_pages"]').getByRole('heading', { level: 1 })).toHaveText('Soins du visage');
    // A restart that finds the port taken dies too, and is retried later than the one before.
    await expect.poll(() => stack.output(), { timeout: 15_000 }).toMatch(/mf-cart s'est arrêté \(code 1\).*redémarrage n° 2 dans 1000 ms/);
  } finally {
    await new Promise((done) => (squatter ? squatter.close(done) : done(undefined)));
  }
  expect(stack.output()).toMatch(/mf-cart s'est arrêté \((signal SIGKILL|code \d+)\)/);
  expect(stack.output()).toMatch(/redémarrage n° 1 dans 500 ms/);
  // Back within seconds (the backoff is capped at 5 s), and the page composes it again.
  await waitForUrl(stack.manifestUrl('mf-cart'), 15_000);
  const restarted = stack.serverProcess('mf-cart');
  expect(restarted?.pid).toBeDefined();
  expect(restarted?.pid).not.toBe(cartRemote.pid);
  await page.goto(`${stack.url}/shop/face`);
  await expect(page.locator('[data-remote="mf_cart"]').getByRole('button', { name: /^Panier, \d+ article/ })).toBeVisible();

  // cart-service's node process (npm → sh → tsx → node): the API comes back with the data it had.
  const origin = { Origin: stack.url, 'Content-Type': 'application/json' };
  const products = (await (await fetch(`${stack.url}/api/products`)).json()) as { products: { id: string }[] };
  const added = await fetch(`${stack.url}/api/cart/add`, { method: 'POST', headers: origin, body: JSON.stringify({ productId: products.products[0]!.id }) });
  expect(added.status).toBe(200);
  const cookie = added.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const cartService = await stack.killServer('cart-service');
  expect(cartService.argv.join(' ')).toContain('src/main.ts');
  const html = await fetch(`${stack.url}/`);
  expect(html.status).toBe(200);
  await html.arrayBuffer();
  await waitForUrl(stack.healthUrl('cart-service'), 30_000);
  expect(stack.output()).toMatch(/cart-service s'est arrêté \((signal SIGKILL|code \d+)\)/);
  const cart = (await (await fetch(`${stack.url}/api/cart`, { headers: { cookie } })).json()) as { cart: { quantity: number }[] };
  expect(cart.cart.map((line) => line.quantity)).toEqual([1]);

  // The other processes were never restarted.
  for (const name of ['mf-frame', 'mf-catalog-pages', 'shell']) expect(stack.output()).not.toContain(`${name} s'est arrêté`);

  // Ctrl-C: every process stops, no descendant is left, every port is free.
  const { code, leftBehind, busyPorts } = await stack.stop('SIGINT');
  expect(code).toBe(0);
  expect(leftBehind.map((p) => `${p.pid} ${p.argv.join(' ')}`)).toEqual([]);
  expect(busyPorts).toEqual([]);
});
