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
 * the answer comes, with the shell's code still on its way (held here until they show, so that the order is not left
 * to chance); once the shell runs, its toasts take the notice over and the badge hydrates as it is, without a mismatch.
 */
const stack = stackForThisFile();

test('a tap before the scripts run on slow 4G: the notice and the badge come with the answer, then the shell takes over', async ({ browser, request }) => {
  const product = (await products(request, stack.url)).find((candidate) => candidate.availability.status !== 'out-of-stock')!;
  const { context, page } = await slowPhone(browser, { network: SLOW_4G });
  const problems = consoleProblems(page);
  let releaseShell: () => void = () => {};
  const shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
  let shellAsked = false;
  await page.route(/\/static\/js\/index\.[^/]+\.js$/, async (route) => {
    shellAsked = true;
    await shellHeld;
    await route.continue();
  });

  await page.goto(`${stack.url}/shop/product/${product.slug}`, { waitUntil: 'commit' });
  const add = page.locator('main').getByRole('button', { name: 'Ajouter au panier', exact: true });
  await expect(add).toBeVisible();
  // Nothing of the shop's code runs before the shopper reaches for the page.
  expect(shellAsked).toBe(false);
  await add.click();

  const words = cartNotices('fr-MA').added(product.name);
  const notice = page.locator(`[${HELD_NOTICE_ATTRIBUTE}]`);
  await expect(notice).toHaveText(words);
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  // All of it before the shell ran: its code is still held, the page not hydrated.
  expect(shellAsked).toBe(true);
  expect(await page.evaluate(() => document.documentElement.dataset.shop ?? null)).toBeNull();
  expect((await serverCart(page, stack.url)).map((line) => [line.productId, line.quantity])).toEqual([[product.id, 1]]);

  releaseShell();
  await expect(page.locator('html')).toHaveAttribute('data-shop', 'ready', { timeout: 30_000 });
  // The shell's toast says it now, once; the head script's notice is gone; the badge and its name agree.
  await expect(toast(page, words)).toHaveCount(1);
  await expect(notice).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  expect(problems).toEqual([]);
  await context.close();
});
