import { expect, interactiveAfterLoad, test } from './support/test';
import type { Product } from '@shop/contracts/products';
import { LISTING_PAGE } from '@shop/contracts/product-query';
import { products } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

test('a heart on every card; the wishlist survives a reload and lists the products on /shop/whistlist', async ({ page }) => {
  const [a, b] = [catalogue[2]!, catalogue[LISTING_PAGE - 1]!];
  await page.goto(`${stack.url}/shop/all`);
  await expect(catalogContent(page).locator('[data-listing] > li')).toHaveCount(Math.min(catalogue.length, LISTING_PAGE));
  await expect(catalogContent(page).locator('[data-listing] > li [data-in-wishlist]')).toHaveCount(Math.min(catalogue.length, LISTING_PAGE));

  await catalogContent(page).getByRole('button', { name: `Ajouter ${a.name} à la liste d’envies` }).click();
  await catalogContent(page).getByRole('button', { name: `Ajouter ${b.name} à la liste d’envies` }).click();
  await expect(catalogContent(page).getByRole('button', { name: `Retirer ${a.name} de la liste d’envies` })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('shop.wishlist'))).toBe(JSON.stringify([b.id, a.id]));

  await page.reload();
  await expect(catalogContent(page).getByRole('button', { name: `Retirer ${a.name} de la liste d’envies` })).toBeVisible();
  await expect(catalogContent(page).getByRole('button', { name: `Retirer ${b.name} de la liste d’envies` })).toBeVisible();

  // The product page's heart shows the same state.
  await page.goto(`${stack.url}/shop/product/${a.slug}`);
  await expect(catalogContent(page).getByRole('button', { name: 'Dans ma liste d’envies' })).toBeVisible();

  await page.goto(`${stack.url}/shop/whistlist`);
  await expect(pageHeading(page)).toHaveText('Ma liste d’envies');
  await expect(catalogContent(page).getByRole('status')).toHaveText('2 produits dans votre liste d’envies');
  await expect(catalogContent(page).getByRole('link', { name: a.name })).toBeVisible();
  await expect(catalogContent(page).getByRole('link', { name: b.name })).toBeVisible();

  await catalogContent(page).getByRole('button', { name: `Retirer ${b.name} de la liste d’envies` }).click();
  await expect(catalogContent(page).getByRole('link', { name: b.name })).toHaveCount(0);
  await page.reload();
  await expect(catalogContent(page).getByRole('status')).toHaveText('1 produit dans votre liste d’envies');
  await catalogContent(page).getByRole('button', { name: `Retirer ${a.name} de la liste d’envies` }).click();
  await expect(catalogContent(page).getByRole('status')).toHaveText('Votre liste d’envies est vide.');
  await expect(catalogContent(page).getByRole('link', { name: 'Découvrir nos produits' })).toBeVisible();
});

test('the wishlist announces wishlist:changed and follows changes made in another tab', async ({ page, context }) => {
  const product = catalogue[0]!;
  await page.goto(`${stack.url}/shop/whistlist`);
  await expect(catalogContent(page).getByRole('status')).toHaveText('Votre liste d’envies est vide.');
  await page.evaluate(() => {
    (window as unknown as { __events: number }).__events = 0;
    window.addEventListener('wishlist:changed', () => (window as unknown as { __events: number }).__events++);
  });

  const other = interactiveAfterLoad(await context.newPage());
  await other.goto(`${stack.url}/shop/face`);
  await catalogContent(other).getByRole('button', { name: `Ajouter ${product.name} à la liste d’envies` }).click();
  await expect(catalogContent(page).getByRole('link', { name: product.name })).toBeVisible();

  await page.goto(`${stack.url}/shop/face`);
  await page.evaluate(() => {
    (window as unknown as { __events: number }).__events = 0;
    window.addEventListener('wishlist:changed', () => (window as unknown as { __events: number }).__events++);
  });
  await catalogContent(page).getByRole('button', { name: `Retirer ${product.name} de la liste d’envies` }).click();
  expect(await page.evaluate(() => (window as unknown as { __events: number }).__events)).toBe(1);
});
