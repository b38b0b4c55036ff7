import { expect, test } from '@playwright/test';
import { START_ON_INTENT } from '@shop/contracts/forms';
import { CART_SESSION_MARK_COOKIE } from '@shop/contracts/session-claim';
import { addToCart, cartButton, products } from './support/cart';
import { consoleProblems } from './support/console';
import { stackForThisFile } from './support/stack';

/**
 * A page's scripts run once the shopper reaches for it (decision 047). A first visit is the server's HTML alone until
 * then: once the shopper scrolls the browser fetches the scripts while idle, and runs none. A key, or a press or focus
 * on a control only the scripts can answer, starts them.
 * A browser that holds a cart session does not wait: the server's HTML shows an empty cart, its own is shown at once.
 */
const stack = stackForThisFile();

/** The scripts of the page that ran (script elements the browser executed), and those only fetched ahead. */
const scriptsOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      ran: entries.filter((entry) => entry.initiatorType === 'script').map((entry) => new URL(entry.name).pathname),
      fetched: [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) => new URL(link.href).pathname),
      ready: document.documentElement.dataset.shop ?? null,
    };
  });

// Playwright's own page (a fresh context per test), not support/test.ts's: these loads must not reach for the page.
test('a first visit runs no script of the shop until the shopper reaches for the page, then hydrates', async ({ page, context }) => {
  const problems = consoleProblems(page);
  await page.goto(`${stack.url}/shop/face`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const loaded = await scriptsOf(page);
  expect(loaded).toEqual({ ran: [START_ON_INTENT], fetched: [], ready: null });
  expect(await context.cookies()).toEqual([]);

  // Scrolling is reading: the scripts are fetched ahead while idle (the shell's entry and the remotes' first-screen
  // files, into the cache), and none runs.
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await scriptsOf(page)).fetched.length, { timeout: 10_000 }).toBeGreaterThan(3);
  await page.waitForLoadState('networkidle');
  const scrolled = await scriptsOf(page);
  expect(scrolled.ready).toBeNull();
  expect(scrolled.ran).toEqual([START_ON_INTENT]);
  expect(scrolled.fetched.some((path) => /^\/static\/js\/index\.[^/]+\.js$/.test(path))).toBe(true);

  // A key is the shopper at work: the page's scripts run, and it hydrates.
  await page.keyboard.press('Tab');
  await expect(page.locator('html')).toHaveAttribute('data-shop', 'ready');
  const after = await scriptsOf(page);
  expect(after.ran.some((path) => /^\/static\/js\/index\.[^/]+\.js$/.test(path))).toBe(true);
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 0 article');
  expect(problems).toEqual([]);
});

test('a browser holding a cart session shows its cart at once, with no input', async ({ page, context, request }) => {
  const product = (await products(request, stack.url)).find((candidate) => candidate.availability.status !== 'out-of-stock')!;
  await addToCart(page, stack.url, product.id);
  const mark = (await context.cookies()).find((cookie) => cookie.name === CART_SESSION_MARK_COOKIE);
  expect(mark).toMatchObject({ value: '1', httpOnly: false });
  await page.goto(`${stack.url}/shop/face`, { waitUntil: 'commit' });
  // No key, press or focus: the page runs its scripts once painted and the cart reads itself.
  await expect(page.locator('html')).toHaveAttribute('data-shop', 'ready');
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});
