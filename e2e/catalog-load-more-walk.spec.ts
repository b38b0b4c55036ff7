import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { products } from './support/cart';
import { catalogContent } from './support/catalog-pages';
import { importProducts } from './support/catalogue-admin';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

const cards = (page: Page) => catalogContent(page).locator('[data-listing] > li');
const shownIds = (page: Page) => cards(page).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-product-id')!));
const more = (page: Page) => catalogContent(page).getByRole('link', { name: 'Voir plus de produits' });

/** A face care product an operator adds while a shopper is between two pages. */
const added = {
  id: 'sv-901',
  slug: 'brume-fraiche-fleur-oranger',
  category: 'face' as const,
  name: 'Brume fraîche à la fleur d’oranger',
  description: 'Brume tonique légère à l’eau de fleur d’oranger.',
  translations: { 'ar-MA': { name: 'رذاذ منعش بماء الزهر', description: 'رذاذ خفيف منعش بماء زهر البرتقال.' } },
  price: 95,
  images: ['/images/products/serum-eclat-figue-de-barbarie.svg'],
  updatedAt: '2026-12-01',
};

test('« Voir plus » walks every page of a category once, a product added between two pages included', async ({ page }) => {
  const before = await products(page.request, stack.url, 'category=face');
  expect(before.length, 'the walk needs more than one page of 8').toBeGreaterThan(8);
  await page.goto(`${stack.url}/load-more?category=face`);
  await expect(cards(page)).toHaveCount(8);
  await expect(catalogContent(page).getByRole('status')).toHaveText(`8 produits affichés sur ${before.length}`);

  // The next page's link is a real one, to the server's page after these eight.
  await expect(more(page)).toHaveAttribute('href', /^\?category=face&cursor=[A-Za-z0-9_-]+$/);
  await importProducts(stack, [added]);

  while (await more(page).isVisible()) {
    const shown = await cards(page).count();
    const next = page.waitForResponse((response) => response.url().includes('/api/products?') && response.url().includes('cursor='));
    await more(page).click();
    expect((await next).status()).toBe(200);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
  }
  await expect(catalogContent(page)).toContainText('Vous avez vu tous les produits de cette sélection.');
  // A tap adds below: the page did not move.
  await expect(page).toHaveURL(`${stack.url}/load-more?category=face`);

  const ids = await shownIds(page);
  expect(new Set(ids).size, 'no product twice').toBe(ids.length);
  const after = await products(page.request, stack.url, 'category=face');
  expect(ids, 'every product once, in the shop’s order, the new one included').toEqual(after.map((p) => p.id));
  expect(ids).toContain(added.id);
});
