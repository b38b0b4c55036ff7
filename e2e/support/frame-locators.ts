import type { Page } from '@playwright/test';

/** The frame's parts as a shopper finds them (mf-frame). */
export const frameHeader = (page: Page) => page.locator('header[data-remote="mf_frame"]');
export const frameFooter = (page: Page) => page.locator('footer[data-remote="mf_frame"]');
export const desktopMenu = (page: Page) => frameHeader(page).getByRole('navigation', { name: 'Menu principal' });
export const sectionToggle = (page: Page, label: string) =>
  desktopMenu(page).getByRole('button', { name: `Sous-menu ${label}`, exact: true });
export const sidebar = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
export const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Mon compte' });
export const topBar = (page: Page) => page.getByTestId('frame-top-bar');

/** Same-origin paths of every link under `root` (hidden dropdown panels included), query strings dropped. */
export async function internalPaths(page: Page, root: string): Promise<string[]> {
  return page.locator(root).evaluateAll((roots) =>
    roots.flatMap((el) =>
      [...el.querySelectorAll('a[href]')]
        .map((a) => new URL((a as HTMLAnchorElement).href))
        .filter((url) => url.origin === location.origin)
        .map((url) => url.pathname),
    ),
  );
}

/** Marks the window: the mark survives client-side navigation and is lost on a full page load. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __frameMark: number }).__frameMark = 1));
}
export async function windowIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __frameMark?: number }).__frameMark === 1);
}
