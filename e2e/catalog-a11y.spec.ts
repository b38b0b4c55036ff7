import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { LISTING_PAGE } from '@shop/contracts/product-query';
import { addToCart, products } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

/** axe-core over the whole page (frame, cart and this remote's content), WCAG 2.x A and AA plus best practices. */
async function scan(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('a listing has no accessibility violations', async ({ page }) => {
  await page.goto(`${stack.url}/shop/all?sort=prix-croissant`);
  await expect(catalogContent(page).locator('[data-listing] > li')).toHaveCount(Math.min(catalogue.length, LISTING_PAGE));
  expect(await scan(page)).toEqual([]);
});

test('a product page has no accessibility violations', async ({ page }) => {
  const product = catalogue.find((p) => p.oldPrice !== undefined)!;
  await page.goto(`${stack.url}/shop/product/${product.slug}`);
  await expect(pageHeading(page)).toHaveText(product.name);
  await expect(catalogContent(page).getByRole('heading', { name: 'Vous aimerez aussi' })).toBeVisible();
  expect(await scan(page)).toEqual([]);
});

test('the checkout, with its validation messages shown, has no accessibility violations', async ({ page }) => {
  await addToCart(page, stack.url, catalogue[0]!.id, 1);
  await page.goto(`${stack.url}/shop/checkout`);
  await expect(pageHeading(page)).toHaveText('Paiement');
  await expect(catalogContent(page).locator('[data-remote="mf_cart"]')).toContainText(catalogue[0]!.name);
  expect(await scan(page)).toEqual([]);
  await catalogContent(page).getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(catalogContent(page).getByRole('alert')).toBeVisible();
  expect(await scan(page)).toEqual([]);
});

test('the template pages’ own content, dialogs included, has no accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ['/shop/left-sidebar', '/shop/category-on-top', '/shop/slider', '/shop/filter-dropdown', '/category', '/shop/countdown',
    '/shop/product-with-size-variation', '/shop/out-of-stock', '/shop/accordion', '/shop/product-thumb-left', '/shop/gallery-grid',
    '/shop/whistlist', '/faq', '/contact', '/shop-list', '/my-account', '/blog-masonary', '/blog-standard-left-sidebar', '/blog-details', '/']) {
    await page.goto(`${stack.url}${path}`);
    await expect(pageHeading(page)).toBeVisible();
    await expect(catalogContent(page)).not.toContainText('Chargement');
    expect(await scan(page, 'main [data-remote="mf_catalog_pages"]'), path).toEqual([]);
  }

  await page.goto(`${stack.url}/shop/video-popup`);
  await catalogContent(page).getByRole('button', { name: 'Voir la routine d’application' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('pas encore en ligne');
  expect(await scan(page, 'dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(catalogContent(page).getByRole('button', { name: 'Voir la routine d’application' })).toBeFocused();

  await page.goto(`${stack.url}/shop/quick-view`);
  await catalogContent(page).getByRole('button', { name: /^Aperçu rapide : / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await scan(page, 'dialog')).toEqual([]);
});
