import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { expectToastLifetime, watchToasts } from './support/toasts';
import { addToCart, cartButton, cartPanel, formatMad, products, serverCart, setQuantity, toast } from './support/cart';
import { setStock } from './support/admin-api';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let onSale: Product;
let regular: Product;

test.beforeAll(async ({ request }) => {
  const all = await products(request, stack.url);
  onSale = all.find((p) => p.oldPrice !== undefined)!;
  regular = all.find((p) => p.oldPrice === undefined)!;
  expect(onSale && regular).toBeTruthy();
});

async function openCart(page: Page) {
  await watchToasts(page);
  await cartButton(page).click();
  await expect(cartPanel(page)).toBeVisible();
  // Its contents' code comes with the first opening (decision 028): what the shopper reads is there once the total is.
  await expect(cartPanel(page).getByTestId('cart-total')).toBeVisible();
}

const line = (page: Page, product: Product) => cartPanel(page).locator(`li[data-product-id="${product.id}"]`);
const plus = (page: Page, product: Product) =>
  line(page, product).getByRole('button', { name: `Augmenter la quantité de ${product.name}` });
const minus = (page: Page, product: Product) =>
  line(page, product).getByRole('button', { name: `Diminuer la quantité de ${product.name}` });
const quantity = (page: Page, product: Product) => line(page, product).getByRole('textbox', { name: `Quantité de ${product.name}` });

test('the badge counts distinct lines, not units, and is announced', async ({ page }) => {
  await addToCart(page, stack.url, onSale.id, 3);
  await addToCart(page, stack.url, regular.id, 1);
  await page.goto(`${stack.url}/shop/face`);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 2 articles');
  await expect(page.getByRole('status').filter({ hasText: 'dans le panier' })).toHaveText('2 articles dans le panier');
});

test('each line shows image, name, price, the old price struck through, and the total is the sum', async ({ page }) => {
  await addToCart(page, stack.url, onSale.id, 2);
  await addToCart(page, stack.url, regular.id, 1);
  await page.goto(`${stack.url}/`);
  await openCart(page);

  const saleLine = line(page, onSale);
  await expect(saleLine).toContainText(onSale.name);
  await expect(saleLine).toContainText(formatMad(onSale.price));
  await expect(saleLine.locator('s')).toContainText(formatMad(onSale.oldPrice!));
  await expect(saleLine.locator('img')).toHaveAttribute('src', onSale.images[0]!);
  expect(await saleLine.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(line(page, regular).locator('s')).toHaveCount(0);

  await expect(page.getByTestId('cart-total')).toHaveText(formatMad(onSale.price * 2 + regular.price));
});

test('on a loaded page, the first open shows the lines at once: their code and data are already there', async ({ page }) => {
  await addToCart(page, stack.url, onSale.id, 1);
  await page.goto(`${stack.url}/shop/face`, { waitUntil: 'networkidle' });
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
  // What the open costs, told by what happens rather than timed: none of the cart's code or data is requested between
  // the tap and the line (the first interaction may bring the footer's and the toasts' code), and no loading state is
  // ever drawn in the panel.
  const cartOrigin = `http://localhost:${stack.ports['mf-cart']}`;
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === cartOrigin || url.pathname.startsWith('/api/')) requested.push(request.url());
  });
  await page.evaluate(() => {
    const seen = window as unknown as { loadingSeen?: boolean };
    seen.loadingSeen = false;
    new MutationObserver(() => {
      const panel = document.querySelector('[role="region"][aria-label="Contenu du panier"]');
      if (panel?.textContent?.includes('Chargement du panier…')) seen.loadingSeen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await cartButton(page).click();
  await expect(line(page, onSale)).toBeVisible();
  expect(requested).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { loadingSeen?: boolean }).loadingSeen)).toBe(false);
  await expect(cartPanel(page).getByText('Chargement du panier…')).toHaveCount(0);
});

test('an empty cart says so in French', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await expect(cartPanel(page)).toContainText('Votre panier est vide.');
  await expect(page.getByTestId('cart-total')).toHaveText(formatMad(0));
});

test('minus is disabled at 1, and the quantity field is read-only', async ({ page }) => {
  await addToCart(page, stack.url, regular.id, 2);
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await expect(minus(page, regular)).toBeEnabled();
  await minus(page, regular).click();
  await expect(quantity(page, regular)).toHaveValue('1');
  await expect(minus(page, regular)).toBeDisabled();
  await expect(quantity(page, regular)).toHaveAttribute('readonly', '');
  await expect.poll(async () => (await serverCart(page, stack.url))[0]?.quantity).toBe(1);
});

test('plus updates the server, with the “Quantity updated!” toast for 3 s', async ({ page }) => {
  await addToCart(page, stack.url, regular.id, 1);
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await plus(page, regular).click();
  await expect(quantity(page, regular)).toHaveValue('2');
  await expectToastLifetime(page, 'Quantity updated!');
  expect((await serverCart(page, stack.url))[0]?.quantity).toBe(2);
});

test('five quick plus clicks end five higher on the server, never flickering back', async ({ page }) => {
  await addToCart(page, stack.url, onSale.id, 2);
  await page.goto(`${stack.url}/`);
  await openCart(page);

  // Record every value the field shows: it must only ever go up.
  await quantity(page, onSale).evaluate((input: HTMLInputElement) => {
    const seen: string[] = [input.value];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => seen.push(input.value)).observe(input, { attributes: true });
    const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(input, 'value', {
      get: () => descriptor.get!.call(input),
      set: (v: string) => {
        seen.push(v);
        descriptor.set!.call(input, v);
      },
    });
  });
  // The cart traffic in order: the last update must be followed by a reload of the cart.
  const traffic: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/cart/update')) traffic.push('update');
    else if (r.url().endsWith('/api/cart') && r.request().method() === 'GET') traffic.push('reload');
  });
  for (let i = 0; i < 5; i++) await plus(page, onSale).click();
  await expect(quantity(page, onSale)).toHaveValue('7');
  await expect.poll(async () => (await serverCart(page, stack.url))[0]?.quantity).toBe(7);
  await expect(toast(page, 'Quantity updated!')).toBeVisible();
  await expect.poll(() => traffic.lastIndexOf('reload') > traffic.lastIndexOf('update')).toBe(true);
  // Stays at 7 once the reloads have settled.
  await expect(quantity(page, onSale)).toHaveValue('7');
  const seen = (await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).map(Number);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
});

test('remove takes the line out, with the “Item removed successfully” toast', async ({ page }) => {
  await addToCart(page, stack.url, onSale.id, 1);
  await addToCart(page, stack.url, regular.id, 1);
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await line(page, onSale).getByRole('button', { name: `Retirer ${onSale.name} du panier` }).click();
  await expect(line(page, onSale)).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expectToastLifetime(page, 'Item removed successfully');
  expect((await serverCart(page, stack.url)).map((l) => l.productId)).toEqual([regular.id]);
});

test('an update the service refuses shows “Failed to update quantity.” and restores the server’s quantity', async ({
  page,
}) => {
  // The service caps a line at 99: one more is refused with a 400 (with enough stock that the cap is what refuses).
  await setStock(stack, regular.id, 200);
  await addToCart(page, stack.url, regular.id, 1);
  await setQuantity(page, stack.url, regular.id, 99);
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await expect(quantity(page, regular)).toHaveValue('99');
  await plus(page, regular).click();
  await expectToastLifetime(page, 'Failed to update quantity.');
  await expect(quantity(page, regular)).toHaveValue('99');
  expect((await serverCart(page, stack.url))[0]?.quantity).toBe(99);
});

test('with cart-service stopped: failed actions toast, the cart shows empty with the error flag, and comes back on focus', async ({
  page,
}) => {
  await addToCart(page, stack.url, onSale.id, 3);
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await expect(quantity(page, onSale)).toHaveValue('3');

  // Each failed action toasts, then reads the cart again (its answer may have been lost after the change was made):
  // with the service down that read fails too, so the cart shows empty, with the error flag and message.
  const cartDownAfter = async (action: () => Promise<void>, message: string) => {
    await stack.stop('cart-service');
    try {
      await action();
      await expect(toast(page, message)).toBeVisible();
      await expect(cartPanel(page)).toContainText('Failed to fetch cart');
      await expect(cartPanel(page)).toContainText('Votre panier est vide.');
      await expect(page.locator('[data-remote="mf_cart"]')).toHaveAttribute('data-cart-error', 'true');
    } finally {
      await stack.start('cart-service');
    }
  };
  await cartDownAfter(
    () => line(page, onSale).getByRole('button', { name: `Retirer ${onSale.name} du panier` }).click(),
    'Failed to remove item: Failed to remove item.',
  );
  // Back on focus (SWR throttles focus revalidation to one per 5 s, so focus again until it is taken): the server's state,
  // untouched by the failed actions.
  const backOnFocus = () =>
    expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(quantity(page, onSale)).toHaveValue('3', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  await backOnFocus();
  await cartDownAfter(() => plus(page, onSale).click(), 'Failed to update quantity.');
  await backOnFocus();
  await expect(page.locator('[data-remote="mf_cart"]')).not.toHaveAttribute('data-cart-error', 'true');
});

test('click outside and Escape close the dropdown; Escape returns focus to the button', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await openCart(page);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(cartPanel(page)).toBeHidden();

  await cartButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(cartPanel(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(cartPanel(page)).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');
});

test('“Paiement du produit” goes to /shop/checkout without a full page load and closes the dropdown', async ({ page }) => {
  await addToCart(page, stack.url, regular.id, 1);
  await page.goto(`${stack.url}/shop/face`);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  await openCart(page);
  await cartPanel(page).getByRole('link', { name: 'Paiement du produit' }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/checkout`);
  await expect(cartPanel(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paiement');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
});

for (const viewport of [
  { width: 375, height: 667 },
  { width: 768, height: 1024 },
]) {
  test(`on a ${viewport.width}x${viewport.height} screen the panel is fixed under the button, within 360 px or 92% wide and 70% high, scrolling inside`, async ({
    page,
  }) => {
    for (const p of (await products(page.request, stack.url)).slice(0, 8)) await addToCart(page, stack.url, p.id, 1);
    await page.setViewportSize(viewport);
    await page.goto(`${stack.url}/`);
    await openCart(page);
    const panel = cartPanel(page);
    await expect(panel).toHaveAttribute('data-layout', 'mobile');
    const button = (await cartButton(page).boundingBox())!;
    const box = (await panel.boundingBox())!;
    expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(box.width).toBeCloseTo(Math.min(360, viewport.width * 0.92), 0);
    expect(box.height).toBeLessThanOrEqual(viewport.height * 0.7 + 1);
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // Eight lines do not fit in 70% of the height: the panel scrolls inside.
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY)).toBe('auto');

    // It follows the button when the viewport changes.
    await page.setViewportSize({ width: viewport.width - 40, height: viewport.height });
    await expect
      .poll(async () => (await panel.boundingBox())!.width)
      .toBeCloseTo(Math.min(360, (viewport.width - 40) * 0.92), 0);
  });
}

test('on a 1280x800 screen the panel is a dropdown anchored to the button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await addToCart(page, stack.url, regular.id, 1);
  await page.goto(`${stack.url}/`);
  await openCart(page);
  const panel = cartPanel(page);
  await expect(panel).toHaveAttribute('data-layout', 'dropdown');
  expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
  const button = (await cartButton(page).boundingBox())!;
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeCloseTo(360, 0);
  expect(Math.abs(box.x + box.width - (button.x + button.width))).toBeLessThanOrEqual(1);
  expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
});
