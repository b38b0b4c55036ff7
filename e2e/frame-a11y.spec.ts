import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { frameFooter, frameHeader, loginDialog, sectionToggle, sidebar } from './support/frame-locators';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

const HEADER = 'header[data-remote="mf_frame"]';
const FOOTER = 'footer[data-remote="mf_frame"]';

/** axe-core with every rule it runs by default (WCAG A/AA and best practices), on the frame's parts only. */
async function violations(page: Page, ...parts: string[]) {
  let builder = new AxeBuilder({ page });
  for (const part of parts) builder = builder.include(part);
  const { violations: found, passes } = await builder.analyze();
  // A scan that matched nothing would pass vacuously.
  expect(passes.length).toBeGreaterThan(10);
  return found.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('header and footer, closed, on a desktop screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${stack.url}/shop/face`);
  await expect(frameFooter(page)).toBeVisible();
  expect(await violations(page, HEADER, FOOTER)).toEqual([]);
});

test('open menus: a main-menu section with a sub-menu, the category dropdown, the search panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${stack.url}/shop/face`);
  await sectionToggle(page, 'Shop').click();
  await frameHeader(page).getByRole('button', { name: 'Présentations de la boutique' }).click();
  expect(await violations(page, HEADER)).toEqual([]);

  await frameHeader(page).getByRole('button', { name: 'Catégories', exact: true }).click();
  await expect(frameHeader(page).getByRole('link', { name: 'Soins capillaires' })).toBeVisible();
  expect(await violations(page, HEADER)).toEqual([]);

  await frameHeader(page).getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByRole('search')).toBeVisible();
  expect(await violations(page, HEADER)).toEqual([]);
});

test('the login modal, on both tabs and with its message', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  await frameHeader(page).getByRole('button', { name: 'Mon compte' }).click();
  await expect(loginDialog(page)).toBeVisible();
  expect(await violations(page, HEADER)).toEqual([]);

  const dialog = loginDialog(page).getByRole('tabpanel');
  await dialog.getByLabel('Nom d’utilisateur ou e-mail').fill('salma');
  await dialog.getByLabel('Mot de passe', { exact: true }).fill('argan-2024');
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await expect(dialog.getByRole('status')).not.toBeEmpty();
  expect(await violations(page, HEADER)).toEqual([]);

  await loginDialog(page).getByRole('tab', { name: 'Inscription' }).click();
  expect(await violations(page, HEADER)).toEqual([]);
});

test('the mobile bar and the sidebar with an open section, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`${stack.url}/shop/face`);
  await expect(frameFooter(page)).toBeVisible();
  expect(await violations(page, HEADER, FOOTER)).toEqual([]);

  await frameHeader(page).getByRole('button', { name: 'Menu', exact: true }).click();
  await sidebar(page).getByRole('button', { name: 'Sous-menu Shop' }).click();
  await sidebar(page).getByRole('button', { name: 'Blog' }).click();
  expect(await violations(page, HEADER)).toEqual([]);
});

test('the /index2 variant of header and footer', async ({ page }) => {
  await page.goto(`${stack.url}/index2`);
  await expect(frameFooter(page)).toHaveAttribute('data-variant', 'alt');
  expect(await violations(page, HEADER, FOOTER)).toEqual([]);
});
