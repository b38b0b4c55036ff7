import { expect, test } from '@playwright/test';
import { pathTo, type ShopPath } from '@shop/contracts/routes';
import { products } from './support/cart';
import { startSlowUpstream, type SlowUpstream } from './support/slow-upstream';
import { stackForThisFile } from './support/stack';

/**
 * Parts that miss the server's render deadline are rendered by the browser, under the page's own
 * Content-Security-Policy: with the deadline at its lowest and every read of the API held longer than it, every part
 * that reads is late on every load, and no load may log a violation (React's streaming instructions are inline
 * scripts the policy refuses) or a console error.
 */
const READ_DELAY_MS = 300;
let slow: SlowUpstream;
const stack = stackForThisFile({
  beforeStart: async () => {
    slow = await startSlowUpstream(READ_DELAY_MS);
  },
  env: (ports) => {
    slow.target(`http://127.0.0.1:${ports['cart-service']}`);
    return { RENDER_DEADLINE_MS: '10', CART_SERVICE_URL: slow.url };
  },
});
test.afterAll(async () => {
  await slow?.close();
});
const LOADS = 50;

test(`${LOADS} cold loads across 8 pages, every part late: no CSP violation, no console error, every page complete`, async ({ browser, request }) => {
  test.setTimeout(240_000);
  const [product] = await products(request, stack.url);
  const pages: ShopPath[] = [
    '/',
    '/shop/face',
    pathTo('/shop/product/:slug', product!.slug),
    '/shop',
    '/shop/cart',
    '/shop/checkout',
    '/order-tracking',
    '/contact',
  ];
  // The pages whose server render reads the API while it renders: the catalogue's listings and the shopper's cart and
  // checkout. (A product page is drawn from the catalogue the shell has already read; tracking and contact read
  // nothing: whether those miss a 10 ms deadline depends on the machine, and is not asserted.)
  const READING = ['/', '/shop/face', '/shop', '/shop/cart', '/shop/checkout'];
  const loadsOf = (path: string) => Array.from({ length: LOADS }, (_, load) => pages[load % pages.length]).filter((each) => each === path).length;
  const late = new Map<string, number>();
  for (let load = 0; load < LOADS; load += 1) {
    const path = pages[load % pages.length]!;
    const context = await browser.newContext();
    // Not wrapped in interactiveAfterLoad: the load is watched as it happens, parts rendered late included.
    // eslint-disable-next-line no-restricted-syntax
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    const answer = await page.goto(`${stack.url}${path}`, { waitUntil: 'load' });
    const html = (await answer!.text()) ?? '';
    // The server left parts to the browser, in place, with no script to switch them over.
    if (html.includes('<!--$!-->')) late.set(path, (late.get(path) ?? 0) + 1);
    expect(html, path).not.toContain('<!--$?-->');
    // The browser renders what the server left: the page's heading and its footer show, no loading state remains.
    await expect(page.locator('h1').first(), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]'), path).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(problems, `${path}, load ${load + 1}`).toEqual([]);
    await context.close();
  }
  // The deadline did make parts late, by design: each page that reads the API did on every load, whatever the machine.
  test.info().annotations.push({ type: 'late', description: JSON.stringify(Object.fromEntries(late)) });
  expect(Object.fromEntries(READING.map((path) => [path, late.get(path) ?? 0]))).toEqual(Object.fromEntries(READING.map((path) => [path, loadsOf(path)])));
});
