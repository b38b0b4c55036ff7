import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { setStock } from './support/admin-api';
import { cartButton, cartPanel, products, serverCart } from './support/cart';
import { SLOW_4G, slowPhone } from './support/slow-phone';
import { stackForThisFile } from './support/stack';

/**
 * One shopper, one cart, however the requests race (decision 039). On a slow phone (4× CPU, fresh browser, no
 * session yet), a shopper taps « Ajouter au panier » the moment it shows, 20 times in a row: taps held before
 * hydration and posted in the background by the head script, taps after it sent by the part, answers arriving in any
 * order. Every tap is in the cart the page shows, and in the cart the browser's cookie names.
 */
const stack = stackForThisFile();
const TAPS = 20;
const ADD = 'Ajouter au panier : ';
let catalogue: Product[];

test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
  // Enough units that no tap is refused for stock: what is tested is where the taps land.
  for (const product of catalogue) await setStock(stack, product.id, 500);
});

/**
 * The two networks the taps are made on. On slow 4G (Lighthouse's mobile preset) the page's scripts come late: the
 * taps are the head script's, each posted at once in the background, all in flight together with no session yet.
 * On this machine's loopback the part is live within a tap or two: the taps are the part's, made while its writes
 * are on their way.
 */
const NETWORKS = { 'slow 4G': SLOW_4G, 'a fast network': undefined } as const;
type Network = keyof typeof NETWORKS;

/** A slow phone at a tablet's width (several products in view, a product page's button beside its picture). */
async function tablet(browser: Browser, network: Network) {
  const conditions = NETWORKS[network];
  const { context, page } = await slowPhone(browser, { viewport: { width: 1024, height: 800 }, ...(conditions ? { network: conditions } : {}) });
  const documents: string[] = [];
  const writes = { background: 0, api: 0 };
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(`${request.method()} ${request.url()}`);
    else if (request.method() === 'POST' && request.url().endsWith('/api/cart/add')) writes.api += 1;
    else if (request.method() === 'POST' && new URL(request.url()).pathname === new URL(page.url()).pathname) writes.background += 1;
  });
  return { context, page, documents, writes };
}

/** Where an add button shows, and the product its label names (« Ajouter au panier : <name> » on a listing). */
interface Seen {
  x: number;
  y: number;
  label: string;
}

/** The add buttons in view at first sight, read in one look (as a shopper's eye takes the screen in). */
async function addButtonsInView(page: Page, name: string | RegExp): Promise<Seen[]> {
  const buttons = page.locator('main').getByRole('button', { name, exact: true });
  await expect(buttons.first()).toBeVisible();
  return buttons.evaluateAll((elements) =>
    elements
      .map((element) => ({ box: element.getBoundingClientRect(), label: element.getAttribute('aria-label') ?? '' }))
      .filter(({ box }) => box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight)
      .map(({ box, label }) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2, label })),
  );
}

/**
 * Taps the buttons where they were seen, 20 times in a row, as a finger does: the input goes to the browser at once,
 * with no wait for the page to be ready (Playwright's own click checks the element in the page first, which waits
 * for the busy main thread and so lands each tap after hydration). Answers how many taps each product got.
 */
async function tapInARow(page: Page, seen: Seen[], productOf: (button: Seen) => string): Promise<Map<string, number>> {
  const tapped = new Map<string, number>();
  for (let tap = 0; tap < TAPS; tap += 1) {
    const button = seen[tap % seen.length]!;
    await page.mouse.click(button.x, button.y);
    const name = productOf(button);
    tapped.set(name, (tapped.get(name) ?? 0) + 1);
  }
  return tapped;
}

async function expectEveryTapInTheCart(page: Page, tapped: Map<string, number>) {
  // What the page shows: the cart's button counts the lines, its panel each line's quantity...
  const lines = tapped.size;
  await expect(cartButton(page)).toHaveAccessibleName(`Panier, ${lines} article${lines > 1 ? 's' : ''}`, { timeout: 20_000 });
  await cartButton(page).click();
  const panel = cartPanel(page);
  for (const [name, quantity] of tapped) {
    await expect(panel.getByRole('textbox', { name: `Quantité de ${name}` }), name).toHaveValue(String(quantity), { timeout: 20_000 });
  }
  // ...of the cart the browser's cookie names, which holds each tap, line by line.
  const held = await serverCart(page, stack.url);
  expect(new Map(held.map((line) => [line.name, line.quantity]))).toEqual(tapped);
}

for (const network of Object.keys(NETWORKS) as Network[]) {
  test.describe(`20 taps in a row from first sight on ${network}, each in the cart the page shows`, () => {
    test.setTimeout(120_000);

    test('on a listing, across the products in view', async ({ browser }) => {
      const { context, page, documents, writes } = await tablet(browser, network);
      await page.goto(`${stack.url}/shop/face`, { waitUntil: 'commit' });
      const seen = await addButtonsInView(page, new RegExp(`^${ADD}`));
      expect(seen.length).toBeGreaterThan(1);
      const tapped = await tapInARow(page, seen, (button) => button.label.replace(ADD, ''));
      await expectEveryTapInTheCart(page, tapped);
      expect(documents, 'the page was never left').toEqual([`GET ${stack.url}/shop/face`]);
      expectWrites(writes);
      await context.close();
    });

    test('on a product page, its own button', async ({ browser }) => {
      const product = catalogue.find((each) => each.slug === 'serum-eclat-figue-de-barbarie')!;
      const { context, page, documents, writes } = await tablet(browser, network);
      await page.goto(`${stack.url}/shop/product/${product.slug}`, { waitUntil: 'commit' });
      // The product's own button says « Ajouter au panier » under its name.
      const [button] = await addButtonsInView(page, 'Ajouter au panier');
      const tapped = await tapInARow(page, [button!], () => product.name);
      expect(tapped).toEqual(new Map([[product.name, TAPS]]));
      await expectEveryTapInTheCart(page, tapped);
      expect(documents, 'the page was never left').toEqual([`GET ${stack.url}/shop/product/${product.slug}`]);
      expectWrites(writes);
      await context.close();
    });
  });
}

/** Taps made while a part's write was on its way go with its next one: never more writes than taps, never none. */
function expectWrites(writes: { background: number; api: number }) {
  expect(writes.background + writes.api).toBeGreaterThan(0);
  expect(writes.background + writes.api).toBeLessThanOrEqual(TAPS);
  test.info().annotations.push({ type: 'writes', description: `${writes.background} posted by the head script, ${writes.api} by the part` });
}
