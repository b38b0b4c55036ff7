import { expect, interactiveAfterLoad, test } from './support/test';
import type { Browser, Page } from '@playwright/test';
import type { Product, ProductResponse } from '@shop/contracts/products';
import { setStock } from './support/admin-api';
import { cartButton, products, serverCart } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

// Real stock: operators set it through cart-service's /admin/stock routes; shoppers see it on cards and product
// pages, and the last unit goes to whoever orders first.
const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

const card = (page: Page, product: Product) => catalogContent(page).locator(`li[data-product-id="${product.id}"]`);
const form = (page: Page) => catalogContent(page).getByRole('form', { name: 'Livraison et paiement à la livraison' });
const cartLines = (page: Page) => catalogContent(page).locator('[data-remote="mf_cart"]');

/** The product as the catalogue API describes it now. */
async function current(page: Page, product: Product): Promise<Product> {
  const response = await page.request.get(`${stack.url}/api/products/${encodeURIComponent(product.slug)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ProductResponse).product;
}

/** A shopper of their own (own cookies, so own session and cart), in French like the config's `use`. */
async function newShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-MA' });
  return interactiveAfterLoad(await context.newPage());
}

async function addFromListing(page: Page, product: Product) {
  await page.goto(`${stack.url}/shop/${product.category}`);
  await card(page, product).getByRole('button', { name: `Ajouter au panier : ${product.name}` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
}

async function openCheckoutWithDetails(page: Page, fullName: string) {
  await page.goto(`${stack.url}/shop/checkout`);
  await expect(pageHeading(page)).toHaveText('Paiement');
  await form(page).getByLabel('Nom complet').fill(fullName);
  await form(page).getByLabel('Téléphone').fill('06 12 34 56 78');
  await form(page).getByLabel('Ville').fill('Marrakech');
  await form(page).getByLabel('Adresse').fill('14, derb Dabachi, Médina');
}

const orderAnswer = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');

test('a product with no stock left says « Rupture de stock » and cannot be added, on its page and in a listing', async ({ page }) => {
  const product = catalogue.find((p) => p.category === 'hair')!;
  await setStock(stack, product.id, 0);
  expect((await current(page, product)).availability).toEqual({ status: 'out-of-stock' });

  await page.goto(`${stack.url}/shop/product/${product.slug}`);
  await expect(pageHeading(page)).toHaveText(product.name);
  await expect(catalogContent(page).getByText('Rupture de stock.', { exact: true })).toBeVisible();
  await expect(catalogContent(page).getByRole('button', { name: 'Rupture de stock', exact: true })).toBeDisabled();
  await expect(catalogContent(page).getByRole('button', { name: 'Ajouter au panier', exact: true })).toHaveCount(0);
  await expect(catalogContent(page).getByRole('spinbutton', { name: 'Quantité' })).toHaveCount(0);

  await page.goto(`${stack.url}/shop/${product.category}`);
  await expect(card(page, product).locator('span', { hasText: /^Rupture de stock$/ })).toBeVisible();
  await expect(card(page, product).getByRole('button', { name: `Rupture de stock : ${product.name}` })).toBeDisabled();
  await expect(card(page, product).getByRole('button', { name: `Ajouter au panier : ${product.name}` })).toHaveCount(0);
});

test('the last unit goes to the first order; the second shopper is told in French and keeps the line', async ({ browser }) => {
  const product = catalogue.find((p) => p.category === 'face')!;
  await setStock(stack, product.id, 1);
  const first = await newShopper(browser);
  const second = await newShopper(browser);
  try {
    expect((await current(first, product)).availability).toEqual({ status: 'low-stock', left: 1 });
    // Both carts may hold the last unit: stock is taken when an order is placed, not when a cart is filled.
    await addFromListing(first, product);
    await expect(card(first, product)).toContainText('Plus que 1 en stock');
    await addFromListing(second, product);
    await openCheckoutWithDetails(first, 'Salma Bennani');
    await openCheckoutWithDetails(second, 'Omar Tazi');

    const placed = orderAnswer(first);
    await form(first).getByRole('button', { name: 'Confirmer la commande' }).click();
    expect((await placed).status()).toBe(201);
    await expect(first).toHaveURL(/\/shop\/order\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await expect(pageHeading(first)).toHaveText('Merci, votre commande est enregistrée');
    expect((await current(first, product)).availability).toEqual({ status: 'out-of-stock' });

    const refused = orderAnswer(second);
    await form(second).getByRole('button', { name: 'Confirmer la commande' }).click();
    expect((await refused).status()).toBe(409);
    const alert = form(second).getByRole('alert');
    await expect(alert).toContainText(product.name);
    await expect(alert).toContainText(/rupture de stock/i);
    await expect(alert).toBeFocused();
    await expect(second).toHaveURL(`${stack.url}/shop/checkout`);
    await expect(pageHeading(second)).toHaveText('Paiement');
    // Nothing was written: the line is still in the cart, on the page and in cart-service.
    await expect(cartLines(second)).toContainText(product.name);
    await expect(cartButton(second)).toHaveAccessibleName('Panier, 1 article');
    expect((await serverCart(second, stack.url)).map((l) => [l.productId, l.quantity])).toEqual([[product.id, 1]]);
  } finally {
    await first.context().close();
    await second.context().close();
  }
});
