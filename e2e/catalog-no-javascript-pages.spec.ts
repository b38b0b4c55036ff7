import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { products } from './support/cart';
import { catalogContent } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
test.use({ javaScriptEnabled: false });

const shownIds = (page: Page) => catalogContent(page).locator('[data-listing] > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-product-id')!));
const more = (page: Page) => catalogContent(page).getByRole('link', { name: 'Voir plus de produits' });

test('without JavaScript, « Voir plus » is a link to the server’s next page: following it walks the whole category', async ({ page }) => {
  const face = await products(page.request, stack.url, 'category=face');
  await page.goto(`${stack.url}/load-more?category=face`);
  await expect(catalogContent(page).getByText('Chargement des produits…')).toHaveCount(0);
  const seen: string[] = [];
  const pages: string[] = [];
  for (;;) {
    const ids = await shownIds(page);
    expect(ids.length).toBeGreaterThan(0);
    seen.push(...ids);
    pages.push(page.url());
    // What a crawler reads: the next page named in the head, the same as the link.
    const next = page.locator('head link[rel="next"]');
    if (!(await more(page).isVisible())) {
      await expect(next).toHaveCount(0);
      break;
    }
    const link = new URL((await more(page).getAttribute('href'))!, page.url());
    const named = new URL((await next.getAttribute('href'))!);
    expect(named.pathname + named.search).toBe(link.pathname + link.search);
    await more(page).click();
    await expect(page).not.toHaveURL(pages[pages.length - 1]!);
    await expect(catalogContent(page).getByRole('link', { name: 'Revenir au début de la sélection' })).toBeVisible();
  }
  expect(pages.length).toBe(Math.ceil(face.length / 8));
  expect(new Set(seen).size, 'no product twice').toBe(seen.length);
  expect(seen, 'no gap').toEqual(face.map((p) => p.id));
  await expect(catalogContent(page)).toContainText('Vous avez vu tous les produits de cette sélection.');
});
