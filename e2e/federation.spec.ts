import { expect, test } from './support/test';
import type { Response } from '@playwright/test';
import { readSharedUse, SHARED_SINGLETONS } from './support/federation';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

test('the face page is composed of the three remotes, each loaded from its own server', async ({ page }) => {
  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
  });

  await page.goto(`${stack.url}/shop/face`);

  const frame = page.locator('[data-remote="mf_frame"]');
  await expect(frame.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(page.locator('footer[data-remote="mf_frame"]')).toContainText('Tous droits réservés');
  await expect(page.locator('[data-remote="mf_cart"]').getByRole('button', { name: /^Panier/ })).toBeVisible();
  await expect(page.locator('[data-remote="mf_catalog_pages"]').getByRole('heading', { level: 1 })).toHaveText(
    'Soins du visage',
  );
  await expect(page.locator('[data-fallback]')).toHaveCount(0);

  expect(manifests.sort()).toEqual(
    [
      `http://localhost:${stack.ports['mf-frame']}/1.0.0/mf-manifest.json`,
      `http://localhost:${stack.ports['mf-cart']}/1.0.0/mf-manifest.json`,
      `http://localhost:${stack.ports['mf-catalog-pages']}/1.0.0/mf-manifest.json`,
    ].sort(),
  );
});

test('react, react-dom, react-router-dom, swr and react-toastify each reach the browser once', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(`${stack.url}/shop/face`);
  await expect(page.locator('[data-remote="mf_cart"]')).toBeVisible();
  await expect(page.locator('[data-remote="mf_catalog_pages"]').first()).toBeVisible();
  // react-toastify arrives with the first interaction: a remote's toast and the shell's container must meet in it.
  await page.getByRole('button', { name: /^Ajouter au panier : / }).first().click();
  await expect(page.locator('.Toastify [role="alert"]')).toContainText('a été ajouté au panier');

  // From the federation share scope: one loaded copy of each, provided by the shell.
  const shared = await readSharedUse(page);
  for (const lib of SHARED_SINGLETONS) {
    expect(shared[lib], lib).toEqual({ providers: ['shell'], versions: [expect.any(String)], loadedCopies: 1 });
  }

  // From the network log: react-dom's renderer registration appears in exactly one script.
  const bodies = await Promise.all(scripts.map((r) => r.text()));
  const reactDomCopies = bodies.filter((body) => body.includes('rendererPackageName:"react-dom"')).length;
  expect(reactDomCopies).toBe(1);
});

test('a remote’s link navigates through the shell’s router without a full page load', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.locator('[data-remote="mf_frame"]').getByRole('link', { name: 'Corps', exact: true }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/body`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soins du corps');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  await expect(page).toHaveTitle('Maison Argane /shop/body');
});
