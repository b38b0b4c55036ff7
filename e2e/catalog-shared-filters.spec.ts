import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { inPriceRange } from '@shop/contracts/product-query';
import { products } from './support/cart';
import { catalogContent } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

const cards = (page: Page) => catalogContent(page).locator('[data-listing] > li');
const shownIds = (page: Page) => cards(page).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-product-id')!));

test('a shared URL restores its filters and sort: the controls say so and the products match', async ({ page }) => {
  const all = await products(page.request, stack.url);
  const expected = all.filter((p) => inPriceRange(p.price, '100-200') && p.oldPrice !== undefined).sort((a, b) => b.price - a.price || all.indexOf(a) - all.indexOf(b));
  expect(expected.length, 'the shared selection is not empty').toBeGreaterThan(0);

  await page.goto(`${stack.url}/shop/left-sidebar?prix=100-200&sort=prix-decroissant&promo=1`);
  const filters = catalogContent(page).getByRole('region', { name: 'Filtres' });
  await expect(filters.getByRole('radio', { name: /^De 100 à 200 DH/ })).toBeChecked();
  await expect(filters.getByRole('checkbox', { name: /^En promotion/ })).toBeChecked();
  await expect(filters.getByRole('radio', { name: /^Toutes/ })).toBeChecked();
  await expect(catalogContent(page).getByRole('combobox', { name: 'Trier par' })).toHaveValue('prix-decroissant');
  await expect(catalogContent(page).getByRole('status')).toHaveText(expected.length === 1 ? '1 produit' : `${expected.length} produits`);
  expect(await shownIds(page)).toEqual(expected.map((p) => p.id));
  // The counts beside the choices are the API's: this price range's promotions.
  await expect(filters.getByRole('radio', { name: /^De 100 à 200 DH/ })).toHaveAccessibleName(`De 100 à 200 DH (${expected.length})`);

  // Changing one control keeps the others, in the URL.
  await catalogContent(page).getByRole('combobox', { name: 'Trier par' }).selectOption({ label: 'Prix croissant' });
  await expect(page).toHaveURL(/prix=100-200&sort=prix-croissant&promo=1$/);
  await expect.poll(() => shownIds(page)).toEqual([...expected].sort((a, b) => a.price - b.price || all.indexOf(a) - all.indexOf(b)).map((p) => p.id));
  await expect(filters.getByRole('checkbox', { name: /^En promotion/ })).toBeChecked();
});
