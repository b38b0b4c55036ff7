import { expect, test } from '@playwright/test';
import { cartNotices } from '@shop/contracts/cart';
import { HELD_NOTICE_ATTRIBUTE } from '@shop/contracts/forms';
import { cartButton, products, serverCart, toast } from './support/cart';
import { consoleProblems } from './support/console';
import { SLOW_4G, slowPhone } from './support/slow-phone';
import { stackForThisFile } from './support/stack';

/**
 * A tap before the page's scripts have run, on a slow phone on slow 4G (decision 047): the server's answer to the
 * head script's background post is all the page needs to say so. Its notice and the cart's new figure show as soon as
 * the answer comes, and the tap does not even start the page's code; once the shopper reaches for the page and the
 * shell runs (its code held here until then, so that the order is not left to chance), the badge hydrates as it is,
 * without a mismatch.
 */
const stack = stackForThisFile();

test('a tap before the scripts run on slow 4G: the notice and the badge come with the answer, then the shell takes over', async ({ browser, request }) => {
  const product = (await products(request, stack.url)).find((candidate) => candidate.availability.status !== 'out-of-stock')!;
  const { context, page } = await slowPhone(browser, { network: SLOW_4G });
  const problems = consoleProblems(page);
  let releaseShell: () => void = () => {};
  const shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
  let shellAsked = false;
  // The shell's entry run as a script (not fetched ahead while idle: routing turns the browser's cache off anyway).
  await page.route(/\/static\/js\/index\.[^/]+\.js$/, async (route) => {
    if (route.request().resourceType() === 'script') {
      shellAsked = true;
      await shellHeld;
    }
    await route.continue();
  });

  await page.goto(`${stack.url}/shop/product/${product.slug}`, { waitUntil: 'commit' });
  const add = page.locator('main').getByRole('button', { name: 'Ajouter au panier', exact: true });
  await expect(add).toBeVisible();
  await add.click();

  const words = cartNotices('fr-MA').added(product.name);
  const notice = page.locator(`[${HELD_NOTICE_ATTRIBUTE}]`);
  await expect(notice).toHaveText(words);
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  expect((await serverCart(page, stack.url)).map((line) => [line.productId, line.quantity])).toEqual([[product.id, 1]]);
  // All of it without the shop's code: a cart tap is answered by the server, so it does not even start the scripts.
  expect(shellAsked).toBe(false);
  expect(await page.evaluate(() => document.documentElement.dataset.shop ?? null)).toBeNull();

  // The shopper then reaches for the page (a key): its code starts, here once released.
  await page.keyboard.press('Tab');
  await expect.poll(() => shellAsked).toBe(true);
  releaseShell();
  await expect(page.locator('html')).toHaveAttribute('data-shop', 'ready', { timeout: 30_000 });
  // The badge hydrates as the head script left it, its name now agrees; the head script's notice is gone (taken
  // over by the shell's toasts, or over after its 3 s), and never shown twice at once.
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(notice).toHaveCount(0);
  expect(await toast(page, words).count()).toBeLessThanOrEqual(1);
  expect(problems).toEqual([]);
  await context.close();
});
