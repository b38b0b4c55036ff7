import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { frameHeader, loginDialog } from './support/frame-locators';
import { stackForThisFile } from './support/stack';
import { TELEMETRY_PATH } from '@shop/contracts/progressive-delivery';

const stack = stackForThisFile();

const LOGIN_NOT_OPEN = /comptes clients ne sont pas encore ouverts.*vous n’êtes pas connecté/;
const REGISTRATION_NOT_OPEN = /comptes clients ne sont pas encore ouverts.*aucun compte n’a été créé/;

const userButton = (page: Page) => frameHeader(page).getByRole('button', { name: 'Mon compte' });
const tab = (page: Page, name: string) => loginDialog(page).getByRole('tab', { name });
const panel = (page: Page) => loginDialog(page).getByRole('tabpanel');

async function openModal(page: Page) {
  await page.goto(`${stack.url}/shop/face`);
  await userButton(page).click();
  await expect(loginDialog(page)).toBeVisible();
}

/**
 * Every request the page sends from now on, except loading code, the cart's own reads and the page's release report
 * (`/telemetry`: which release rendered, nothing the shopper typed).
 */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname !== TELEMETRY_PATH) writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

test('the user icon opens a modal with the Connexion and Inscription tabs, operable with the arrow keys', async ({ page }) => {
  await openModal(page);
  await expect(userButton(page)).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(loginDialog(page).getByRole('tablist')).toBeVisible();
  await expect(loginDialog(page).getByRole('tab')).toHaveText(['Connexion', 'Inscription']);
  await expect(tab(page, 'Connexion')).toHaveAttribute('aria-selected', 'true');
  // Focus starts in the form.
  await expect(panel(page).getByLabel('Nom d’utilisateur ou e-mail')).toBeFocused();
  await expect(panel(page).getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'password');
  await expect(panel(page).getByRole('checkbox', { name: 'Se souvenir de moi' })).not.toBeChecked();

  await tab(page, 'Inscription').click();
  await expect(tab(page, 'Inscription')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Connexion')).toHaveAttribute('aria-selected', 'false');
  for (const label of ['Nom d’utilisateur', 'E-mail', 'Mot de passe', 'Confirmer le mot de passe']) {
    await expect(panel(page).getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(panel(page).getByLabel('E-mail', { exact: true })).toHaveAttribute('type', 'email');

  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Connexion')).toBeFocused();
  await expect(tab(page, 'Connexion')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByLabel('Nom d’utilisateur ou e-mail')).toBeVisible();
  await page.keyboard.press('End');
  await expect(tab(page, 'Inscription')).toHaveAttribute('aria-selected', 'true');
});

test('focus stays inside the modal with Tab and Shift+Tab; Escape closes it and gives focus back', async ({ page }) => {
  await openModal(page);
  const insideDialog = () => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await insideDialog()).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ''));
  }
  // It went round: close button, tab, fields, checkbox, submit.
  expect(seen.size).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await insideDialog()).toBe(true);
  }
  // The page behind is inert (native modal dialog).
  expect(await page.evaluate(() => document.querySelector('dialog[open]')?.matches(':modal'))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(loginDialog(page)).toBeHidden();
  await expect(userButton(page)).toBeFocused();

  // The close button does the same.
  await page.keyboard.press('Enter');
  await expect(loginDialog(page)).toBeVisible();
  await loginDialog(page).getByRole('button', { name: 'Fermer' }).click();
  await expect(loginDialog(page)).toBeHidden();
  await expect(userButton(page)).toBeFocused();
});

test('logging in says honestly that accounts are not open, after the browser’s checks, sending nothing', async ({ page }) => {
  await openModal(page);
  const writes = recordWrites(page);
  const status = panel(page).getByRole('status');

  // Browser-level validation first: both fields are required.
  await panel(page).getByRole('button', { name: 'Se connecter' }).click();
  expect(await panel(page).getByLabel('Nom d’utilisateur ou e-mail').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(status).toHaveText('');

  await panel(page).getByLabel('Nom d’utilisateur ou e-mail').fill('salma@example.ma');
  await panel(page).getByLabel('Mot de passe', { exact: true }).fill('argan-2024');
  await panel(page).getByRole('checkbox', { name: 'Se souvenir de moi' }).check();
  await panel(page).getByRole('button', { name: 'Se connecter' }).click();
  await expect(status).toHaveText(LOGIN_NOT_OPEN);
  // Nobody is logged in: the modal stays, the password is not kept, nothing went to a server.
  await expect(loginDialog(page)).toBeVisible();
  await expect(panel(page).getByLabel('Mot de passe', { exact: true })).toHaveValue('');
  expect(writes).toEqual([]);
});

test('registration checks the fields and that the passwords match, then says no account was created', async ({ page }) => {
  await openModal(page);
  await tab(page, 'Inscription').click();
  const writes = recordWrites(page);
  const form = panel(page);
  const status = form.getByRole('status');
  const confirmation = form.getByLabel('Confirmer le mot de passe');
  const submit = form.getByRole('button', { name: 'Créer mon compte' });

  await form.getByLabel('Nom d’utilisateur', { exact: true }).fill('salma');
  await form.getByLabel('E-mail', { exact: true }).fill('salma');
  await form.getByLabel('Mot de passe', { exact: true }).fill('argan-2024');
  await confirmation.fill('argan-2025');
  await submit.click();
  // The browser refuses: the e-mail first, then the passwords that differ.
  expect(await form.getByLabel('E-mail', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  await form.getByLabel('E-mail', { exact: true }).fill('salma@example.ma');
  await submit.click();
  expect(await confirmation.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
    'Les deux mots de passe ne correspondent pas.',
  );
  await expect(status).toHaveText('');

  // Changing the first password to match works too: the check runs on both fields.
  await form.getByLabel('Mot de passe', { exact: true }).fill('argan-2025');
  expect(await confirmation.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
  await submit.click();
  await expect(status).toHaveText(REGISTRATION_NOT_OPEN);
  await expect(confirmation).toHaveValue('');
  expect(writes).toEqual([]);

  // Each opening starts afresh, on Connexion.
  await page.keyboard.press('Escape');
  await userButton(page).click();
  await expect(tab(page, 'Connexion')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('status')).toHaveText('');
});
