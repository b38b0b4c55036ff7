import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { stackForThisFile } from './support/stack';
import type { ServiceName } from './support/stack-env';

const stack = stackForThisFile();

const header = (page: Page) => page.locator('[data-remote="mf_frame"]').first();
const cart = (page: Page) => page.locator('[data-remote="mf_cart"]');
const content = (page: Page) => page.locator('main [data-remote="mf_catalog_pages"]');

async function withServerStopped(name: ServiceName, body: () => Promise<void>) {
  await stack.stop(name);
  try {
    await body();
  } finally {
    await stack.start(name);
  }
}

test('with mf-frame down, the shell’s minimal header and footer stand in; cart and page still show', async ({ page }) => {
  await withServerStopped('mf-frame', async () => {
    await page.goto(`${stack.url}/shop/face`);
    const fallbackHeader = page.locator('header[data-fallback="mf_frame"]');
    await expect(fallbackHeader).toBeVisible();
    // The footer starts below the fold and hydrates when it is needed (decision 024): until then it is the server's
    // HTML (the server may still hold mf_frame's code); once in view, its code fails here and the fallback stands in.
    await page.locator('footer').last().scrollIntoViewIfNeeded();
    await expect(page.locator('footer[data-fallback="mf_frame"]')).toBeVisible();
    await expect(header(page)).toHaveCount(0);
    await expect(cart(page).getByRole('button', { name: /^Panier/ })).toBeVisible();
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText('Soins du visage');

    await fallbackHeader.getByRole('link', { name: 'Cheveux', exact: true }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/hair`);
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText('Soins capillaires');
  });
});

test('with mf-cart down, a disabled French cart button stands in; frame and page still show', async ({ page }) => {
  await withServerStopped('mf-cart', async () => {
    await page.goto(`${stack.url}/shop/face`);
    await expect(page.getByRole('button', { name: 'Panier indisponible pour le moment' })).toBeDisabled();
    await expect(header(page).getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText('Soins du visage');

    await header(page).getByRole('link', { name: 'Pack', exact: true }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/pack`);
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText('Packs');
  });
});

test('with mf-catalog-pages down, a French message with a retry stands in; frame and cart still show', async ({ page }) => {
  await withServerStopped('mf-catalog-pages', async () => {
    await page.goto(`${stack.url}/shop/face`);
    const fallback = page.locator('[data-fallback="mf_catalog_pages"]');
    await expect(fallback.getByRole('heading', { level: 1 })).toHaveText('Cette page est momentanément indisponible');
    await expect(fallback.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await expect(header(page).getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(cart(page).getByRole('button', { name: /^Panier/ })).toBeVisible();

    await header(page).getByRole('link', { name: 'Corps', exact: true }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/body`);
    await expect(page.getByRole('navigation', { name: 'Fil d’Ariane' })).toContainText('Soins du corps');
  });
  // Once the remote is back, the retry button brings the page back without a reload.
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(content(page).getByRole('heading', { level: 1 })).toHaveText('Soins du corps');
});
