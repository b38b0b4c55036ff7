import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The content this remote renders inside the shell's <main>. */
export const catalogContent = (page: Page) => page.locator('main [data-remote="mf_catalog_pages"]').first();

export const pageHeading = (page: Page) => catalogContent(page).getByRole('heading', { level: 1 });

/** Template copy that must never reach a shopper: filler, notes to self, and the purchased template's English. */
export const PLACEHOLDER_TEXT =
  /lorem|ipsum|\bTODO\b|\bFIXME\b|placeholder|\bAdd to cart\b|\bRead more\b|\bShop now\b|\bQuick view\b|\bOut of stock\b|\bIn stock\b|\bSubscribe\b|\bNew arrivals?\b|\bFree shipping\b|\bSign in\b|\bLog in\b|\bMy account\b|\bOrder tracking\b|\bWishlist\b|\bLoading\b|\bundefined\b|\bNaN\b|\$\s?\d/i;

/** Fails when the page shows the shell's fallback for this remote (the shell's router may not render the route yet). */
export async function expectNoFallback(page: Page): Promise<void> {
  await expect(page.locator('[data-fallback="mf_catalog_pages"]')).toHaveCount(0);
}

/** Records every failed request to the shop's own images and API, so a broken picture or call fails the test. */
export function trackFailedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if ((url.pathname.startsWith('/images/') || url.pathname.startsWith('/api/')) && response.status() >= 400) {
      failed.push(`${response.status()} ${url.pathname}${url.search}`);
    }
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/images/')) failed.push(`failed ${url.pathname}`);
  });
  return failed;
}
