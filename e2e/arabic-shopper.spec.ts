import type { Page } from '@playwright/test';
import { parse } from 'node-html-parser';
import { cartNotices } from '@shop/contracts/cart';
import { formatPrice } from '@shop/contracts/money';
import type { Product, ProductsResponse } from '@shop/contracts/products';
import { addToCart, products } from './support/cart';
import { stackForThisFile } from './support/stack';
import { expect, test } from './support/test';
import { wordsOf } from './support/words';

/**
 * A shopper who reads Arabic (decision 036): the same shop under /ar, right to left. The cart is the same in both
 * languages, the switch keeps the page, and what the server wrote (Node's ICU) is what the browser hydrates (Chromium's).
 */
const stack = stackForThisFile();
const cartAr = wordsOf('mf-cart', 'ar-MA');
const cartFr = wordsOf('mf-cart', 'fr-MA');

/** The cart's button by its name's start (« Panier, 2 articles », « السلة، منتجان »), whatever the count. */
const cartButton = (page: Page, say: typeof cartAr) => page.getByRole('button', { name: new RegExp(`^${say('cart.button', { count: 2 }).split(/[,،]/)[0]}[,،] `) });
const cartPanel = (page: Page, say: typeof cartAr) => page.getByRole('region', { name: say('cart.panel') });

let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

async function openCart(page: Page, say: typeof cartAr) {
  await cartButton(page, say).click();
  await expect(cartPanel(page, say)).toBeVisible();
  await expect(cartPanel(page, say).getByTestId('cart-total')).toBeVisible();
}

/** The cart button and its open panel, on a page of a language. */
async function placement(page: Page, path: string, say: typeof cartAr) {
  await page.goto(`${stack.url}${path}`);
  await openCart(page, say);
  const button = (await cartButton(page, say).boundingBox())!;
  const panel = (await cartPanel(page, say).boundingBox())!;
  return { button, panel, layout: await cartPanel(page, say).getAttribute('data-layout') };
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the cart's panel sits under its button, mirrored on the Arabic page`, async ({ page }) => {
    await addToCart(page, stack.url, catalogue[0]!.id, 1);
    await page.setViewportSize(viewport);
    const french = await placement(page, '/shop/face', cartFr);
    const arabic = await placement(page, '/ar/shop/face', cartAr);
    expect(arabic.layout).toBe(french.layout);
    expect(arabic.layout).toBe(viewport.width <= 768 ? 'mobile' : 'dropdown');
    // Each edge where the other language has the opposite one: the button at the line's end, the panel under it.
    const mirrored = (box: { x: number; width: number }) => viewport.width - (box.x + box.width);
    expect(Math.abs(arabic.button.x - mirrored(french.button)), 'the button').toBeLessThanOrEqual(2);
    expect(Math.abs(arabic.panel.x - mirrored(french.panel)), 'the panel').toBeLessThanOrEqual(2);
    expect(arabic.panel.width).toBeCloseTo(french.panel.width, 0);
    expect(arabic.panel.y).toBeGreaterThanOrEqual(arabic.button.y + arabic.button.height);
    expect(arabic.panel.x).toBeGreaterThanOrEqual(0);
    expect(arabic.panel.x + arabic.panel.width).toBeLessThanOrEqual(viewport.width);
  });
}

test('the language switch keeps the page, its query and the cart, both ways', async ({ page }) => {
  const product = catalogue[1]!;
  await addToCart(page, stack.url, product.id, 2);
  await page.goto(`${stack.url}/shop/all?sort=prix-croissant`);
  await expect(cartButton(page, cartFr)).toHaveAccessibleName(cartFr('cart.button', { count: 1 }));
  await page.getByTestId('language-switch').filter({ visible: true }).click();
  await expect(page).toHaveURL(`${stack.url}/ar/shop/all?sort=prix-croissant`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(cartButton(page, cartAr)).toHaveAccessibleName(cartAr('cart.button', { count: 1 }));
  await openCart(page, cartAr);
  const arabicName = ((await (await page.request.get(`${stack.url}/api/products/${product.slug}?lang=ar-MA`)).json()) as { product: Product }).product.name;
  await expect(cartPanel(page, cartAr)).toContainText(arabicName);
  await expect(cartPanel(page, cartAr).getByTestId('cart-total')).toHaveText(formatPrice(product.price * 2, 'ar-MA'));

  await page.getByTestId('language-switch').filter({ visible: true }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/all?sort=prix-croissant`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(cartButton(page, cartFr)).toHaveAccessibleName(cartFr('cart.button', { count: 1 }));
});

test('the prices the server wrote in Arabic are the ones the browser hydrates, with no part rendered again', async ({ page, request }) => {
  const html = await (await request.get(`${stack.url}/ar/shop/face`)).text();
  const served = parse(html).querySelector('main')!.textContent;
  const { products: arabic } = (await (await request.get(`${stack.url}/api/products?category=face&lang=ar-MA`)).json()) as ProductsResponse;
  const face = arabic.filter((p) => p.category === 'face');
  // Western digits and the dirham's sign, as Node's ICU wrote them, and no bidirectional mark left.
  for (const product of face) expect(served).toContain(formatPrice(product.price, 'ar-MA'));
  expect(served).not.toMatch(/[\u200e\u200f\u061c]/);
  expect(served).not.toMatch(/[\u0660-\u0669]/);

  const warnings: string[] = [];
  page.on('console', (message) => warnings.push(message.text()));
  await page.goto(`${stack.url}/ar/shop/face`);
  const hydrated = await page.locator('main').evaluate((main) => main.textContent);
  for (const product of face) {
    expect(hydrated).toContain(formatPrice(product.price, 'ar-MA'));
    // Chromium's own ICU formats it as the page shows it.
    expect(await page.evaluate(([amount]) => new Intl.NumberFormat('ar-MA', { style: 'currency', currency: 'MAD', numberingSystem: 'latn' }).format(amount!).replace(/[\u200e\u200f\u061c]/g, ''), [product.price])).toBe(
      formatPrice(product.price, 'ar-MA'),
    );
  }
  // A text the browser would write otherwise makes React render the part again, which the shell reports.
  expect(warnings.filter((text) => /rendered in the browser|hydrat/i.test(text))).toEqual([]);
});

test('on a phone the menu’s sidebar comes from the start of the line: the left in French, the right in Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const sidebarOf = async (path: string, menu: string) => {
    await page.goto(`${stack.url}${path}`);
    await page.locator('header').getByRole('button', { name: menu, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: menu });
    await expect(dialog).toBeVisible();
    // Its slide has ended when two reads a moment apart agree.
    let last = Number.NaN;
    await expect
      .poll(async () => {
        const { x } = (await dialog.boundingBox())!;
        const still = x === last;
        last = x;
        return still;
      }, { intervals: [100] })
      .toBe(true);
    return (await dialog.boundingBox())!;
  };
  const french = await sidebarOf('/', 'Menu');
  const arabic = await sidebarOf('/ar', wordsOf('mf-frame', 'ar-MA')('header.menu'));
  expect(french.x).toBeLessThanOrEqual(1);
  expect(Math.abs(arabic.x + arabic.width - 375)).toBeLessThanOrEqual(1);
  expect(arabic.width).toBeCloseTo(french.width, 0);
});

test('a toast on an Arabic page shows at the top left, in Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${stack.url}/ar/shop/face`);
  const adding = wordsOf('mf-catalog-pages', 'ar-MA')('shared.cart.addNamed', { name: '' });
  const button = page.locator('main').getByRole('button', { name: new RegExp(`^${adding}`) }).first();
  const name = (await button.getAttribute('aria-label'))!.replace(adding, '');
  await button.click();
  const toast = page.getByRole('alert').filter({ hasText: cartNotices('ar-MA').added(name) });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeLessThan(1280 / 2 - box.width / 2);
  expect(box.y).toBeLessThan(200);
});
