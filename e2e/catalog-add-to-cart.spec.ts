import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { setStock } from './support/admin-api';
import { addToCart, cartButton, products, serverCart, setQuantity, toast } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

const badge = (page: Page) => page.getByTestId('cart-badge');
const card = (page: Page, product: Product) => catalogContent(page).locator(`li[data-product-id="${product.id}"]`);

/** A marker on window survives client-side updates but not a reload: proves the badge changed without one. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

test('from a listing: the badge rises without a reload, a French toast confirms, and cart-service holds the line', async ({ page }) => {
  const face = catalogue.filter((p) => p.category === 'face');
  const [first, second] = [face[0]!, face[1]!];
  await page.goto(`${stack.url}/shop/face`);
  await expect(pageHeading(page)).toHaveText('Soins du visage');
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 0 article');
  await markPage(page);

  await card(page, first).getByRole('button', { name: `Ajouter au panier : ${first.name}` }).click();
  await expect(toast(page, `${first.name} a été ajouté au panier.`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');

  await card(page, second).getByRole('button', { name: `Ajouter au panier : ${second.name}` }).click();
  await expect(badge(page)).toHaveText('2');
  await expectNoReload(page);

  const cart = await serverCart(page, stack.url);
  expect(cart.map((l) => [l.productId, l.quantity])).toEqual([
    [first.id, 1],
    [second.id, 1],
  ]);
  expect(cart[0]!.price).toBe(first.price);
});

test('from a product page: the chosen quantity goes to the cart, the badge rises without a reload', async ({ page }) => {
  const product = catalogue.find((p) => p.category === 'body' && p.oldPrice !== undefined)!;
  await page.goto(`${stack.url}/shop/product/${product.slug}`);
  await expect(pageHeading(page)).toHaveText(product.name);
  await markPage(page);

  const quantity = catalogContent(page).getByRole('spinbutton', { name: 'Quantité' });
  await expect(quantity).toHaveValue('1');
  await expect(catalogContent(page).getByRole('button', { name: 'Diminuer la quantité' })).toBeDisabled();
  await catalogContent(page).getByRole('button', { name: 'Augmenter la quantité' }).click();
  await catalogContent(page).getByRole('button', { name: 'Augmenter la quantité' }).click();
  await expect(quantity).toHaveValue('3');
  // Typing below the minimum is brought back to 1.
  await quantity.fill('0');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2');

  await catalogContent(page).getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(toast(page, `${product.name} (× 2) a été ajouté au panier.`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');
  await expectNoReload(page);
  expect((await serverCart(page, stack.url)).map((l) => [l.productId, l.quantity])).toEqual([[product.id, 2]]);
});

test('a refused add shows a French toast with the service’s reason, and the cart is unchanged', async ({ page }) => {
  const product = catalogue.find((p) => p.category === 'hair')!;
  // Enough on hand that the line's cap, not the stock, is what refuses the hundredth unit.
  await setStock(stack, product.id, 200);
  await addToCart(page, stack.url, product.id, 1);
  await setQuantity(page, stack.url, product.id, 99);
  await page.goto(`${stack.url}/shop/product/${product.slug}`);
  await expect(pageHeading(page)).toHaveText(product.name);
  await catalogContent(page).getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(
    toast(page, `Impossible d’ajouter ${product.name} au panier : La quantité totale de ce produit dans le panier ne peut pas dépasser 99.`),
  ).toBeVisible();
  expect((await serverCart(page, stack.url))[0]?.quantity).toBe(99);
});

test('with cart-service down, adding says in French that the service cannot be reached', async ({ page }) => {
  const product = catalogue.find((p) => p.category === 'pack')!;
  await page.goto(`${stack.url}/shop/pack`);
  await expect(card(page, product)).toBeVisible();
  await stack.stop('cart-service');
  try {
    await card(page, product).getByRole('button', { name: `Ajouter au panier : ${product.name}` }).click();
    await expect(toast(page, `Impossible d’ajouter ${product.name} au panier :`)).toContainText(/indisponible|injoignable/);
  } finally {
    await stack.start('cart-service');
  }
});

test('an out-of-stock product cannot be added, and says so', async ({ page }) => {
  await setStock(stack, catalogue.at(-1)!.id, 0);
  await page.goto(`${stack.url}/shop/out-of-stock`);
  await expect(catalogContent(page).getByText('Rupture de stock.', { exact: true })).toBeVisible();
  await expect(catalogContent(page).getByRole('button', { name: 'Rupture de stock', exact: true })).toBeDisabled();
  await expect(catalogContent(page).getByRole('spinbutton', { name: 'Quantité' })).toHaveCount(0);
});
