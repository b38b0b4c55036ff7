import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, interactiveAfterLoad, test } from './support/test';
import { addToCart, products } from './support/cart';
import { catalogContent } from './support/catalog-pages';
import { addOperatorWithCommand, logIn, publishFlawedCartRelease, remoteCard } from './support/operations';
import { buildRelease } from './support/release';
import { remoteEntry, stackForThisFile } from './support/stack';

const CANDIDATE = '1.0.1-console';
const WITHOUT_LINES = '1.0.2-sans-lignes';
const REACT_18 = '1.0.3-react18';
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
const removals: Array<() => Promise<void>> = [];

// A second release of mf-cart built as its team's pipeline would, two flawed ones, and two operators added with the
// command the README gives.
const stack = stackForThisFile({
  env: { OPERATORS_FILE: operatorsFile },
  beforeStart: async () => {
    await buildRelease('mf-cart', CANDIDATE);
    removals.push(
      await publishFlawedCartRelease(WITHOUT_LINES, (manifest) => {
        manifest.exposes = manifest.exposes.filter((module) => module.path !== './CartLines');
      }),
      await publishFlawedCartRelease(REACT_18, (manifest) => {
        for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^18.2.0';
      }),
    );
    for (const name of ['amina', 'youssef'] as const) expect(await addOperatorWithCommand(name, { OPERATORS_FILE: operatorsFile })).toMatch(/^op_/);
  },
});
test.afterAll(async () => {
  for (const remove of removals) await remove();
});

async function seriousViolations(page: Page) {
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  expect(passes.length).toBeGreaterThan(10);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** A shopper's fresh browser: which release of mf_cart its next page load shows. */
async function shopperCartRelease(browser: Browser): Promise<string | null> {
  const context = await browser.newContext();
  try {
    const page = interactiveAfterLoad(await context.newPage());
    await page.goto(`${stack.url}/shop/face`);
    return await page.locator('[data-remote="mf_cart"]').first().getAttribute('data-release');
  } finally {
    await context.close();
  }
}

const liveCartEntry = async (page: Page) =>
  ((await (await page.request.get(`${stack.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> }).remotes.find((r) => r.name === 'mf_cart')!.entry;

async function switchCart(page: Page, version: string, reason = '') {
  const card = remoteCard(page, 'mf_cart');
  // The options are the releases mf-cart's server lists, by their manifest URL.
  await card.getByLabel('Version à mettre en ligne (mf_cart)').selectOption(remoteEntry(stack.ports, 'mf_cart', version));
  await card.getByLabel('Raison (mf_cart)').fill(reason);
  await card.getByRole('button', { name: 'Mettre en ligne mf_cart' }).click();
}

test('without a session: the login page, 401 from the API, wrong passwords refused then limited (429); axe-clean', async ({ page }) => {
  await page.goto(`${stack.url}/operations`);
  await expect(page).toHaveURL(/\/operations\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Console des opérations' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const api = await page.request.get(`${stack.url}/operations/api/state`);
  expect(api.status()).toBe(401);
  expect((await api.json()).error.code).toBe('unauthorized');

  let status = 0;
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel('Nom d’opérateur').fill('intrus');
    await page.getByLabel('Mot de passe').fill(`devine-${attempt}`);
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/operations/login') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Se connecter' }).click()]);
    status = answer.status();
    if (status === 429) break;
    expect(status).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Nom d’opérateur ou mot de passe incorrect.');
  }
  expect(status).toBe(429);
  await expect(page.getByRole('alert')).toContainText('Trop de tentatives de connexion');
});

test('an operator switches mf_cart with a reason, shoppers get it, the history says who, and roll back restores it', async ({ page, browser }) => {
  await logIn(page, stack.url, 'amina');
  const card = remoteCard(page, 'mf_cart');
  await expect(card).toContainText('Version en ligne : 1.0.0');
  await expect(card).toContainText('En ligne');
  expect(await seriousViolations(page)).toEqual([]);

  await switchCart(page, CANDIDATE, 'Correctif du badge du panier');
  await expect(page.getByRole('status').filter({ hasText: `mf_cart : 1.0.0 → ${CANDIDATE}` })).toBeVisible();
  await expect(card).toContainText(`Version en ligne : ${CANDIDATE}`);
  expect(await shopperCartRelease(browser)).toBe(CANDIDATE);

  const history = page.getByRole('table', { name: /Historique/ });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('amina');
  await expect(newest).toContainText(`mf_cart : 1.0.0 → ${CANDIDATE}`);
  await expect(newest).toContainText('Correctif du badge du panier');

  await card.getByRole('button', { name: 'Revenir à la version précédente de mf_cart' }).click();
  await expect(card).toContainText('Version en ligne : 1.0.0');
  await expect(history.getByRole('row').nth(1)).toContainText(`mf_cart : ${CANDIDATE} → 1.0.0`);
  expect(await shopperCartRelease(browser)).toBe('1.0.0');
});

test('releases that lack a module the shell needs, or require another React major, are refused with their reasons', async ({ page, browser }) => {
  await logIn(page, stack.url, 'amina');
  const before = await liveCartEntry(page);
  const shoppersBefore = await shopperCartRelease(browser);
  await switchCart(page, WITHOUT_LINES);
  await expect(page.getByRole('alert')).toContainText('Il manque le module exposé « ./CartLines », dont la boutique a besoin.');
  await switchCart(page, REACT_18);
  await expect(page.getByRole('alert')).toContainText('La version demande react ^18.2.0, la boutique fournit react 19.');
  expect(await liveCartEntry(page)).toBe(before);
  expect(await shopperCartRelease(browser)).toBe(shoppersBefore);
});

test('two operators edit from the same revision: the second gets a clear conflict and sees the new state', async ({ page, browser }) => {
  await logIn(page, stack.url, 'amina');
  const other = await browser.newContext();
  try {
    const youssef = interactiveAfterLoad(await other.newPage());
    await logIn(youssef, stack.url, 'youssef');
    const seen = await youssef.getByText(/^Révision en ligne : \d+$/).innerText();

    await switchCart(page, CANDIDATE, 'Amina d’abord');
    await expect(remoteCard(page, 'mf_cart')).toContainText(`Version en ligne : ${CANDIDATE}`);

    await switchCart(youssef, CANDIDATE, 'Youssef aussi');
    await expect(youssef.getByRole('alert')).toContainText('Un autre opérateur a modifié la configuration entre-temps');
    await expect(youssef.getByText(/^Révision en ligne : \d+$/)).not.toHaveText(seen);
    await expect(remoteCard(youssef, 'mf_cart')).toContainText(`Version en ligne : ${CANDIDATE}`);
    expect(await liveCartEntry(page)).toBe(remoteEntry(stack.ports, 'mf_cart', CANDIDATE));

    // Put the shop back for the next journey.
    await remoteCard(page, 'mf_cart').getByRole('button', { name: 'Revenir à la version précédente de mf_cart' }).click();
    await expect(remoteCard(page, 'mf_cart')).toContainText('Version en ligne : 1.0.0');
  } finally {
    await other.close();
  }
});

test('an order placed by a shopper appears in the console, the operator confirms it, and tracking shows it', async ({ page, browser, request }) => {
  const shopperContext = await browser.newContext();
  try {
    const shopper = interactiveAfterLoad(await shopperContext.newPage());
    const [serum] = await products(request, stack.url);
    await addToCart(shopper, stack.url, serum!.id);
    const placed = await shopper.request.post(`${stack.url}/api/orders`, {
      headers: { 'Idempotency-Key': `console-${Date.now()}` },
      data: { fullName: 'Khadija Bennani', phone: '06 61 23 45 67', city: 'Marrakech', address: '12, derb Sidi Bouloukat, Médina' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const number = (await placed.json()).order.number as string;

    await logIn(page, stack.url, 'amina');
    const orders = page.getByRole('region', { name: 'Commandes' });
    await orders.getByLabel('Numéro de commande ou téléphone').fill('0661234567');
    await orders.getByRole('button', { name: 'Rechercher' }).click();
    const row = page.getByRole('table', { name: 'Commandes' }).getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Khadija Bennani');
    await expect(row).toContainText('Marrakech');
    await expect(row).toContainText('reçue');
    await row.getByRole('button', { name: `Confirmer la commande ${number}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Commande ${number} : confirmée.` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Expédier la commande ${number}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await shopper.goto(`${stack.url}/order-tracking`);
    const tracking = catalogContent(shopper).getByRole('form', { name: 'Retrouver votre commande' });
    await tracking.getByLabel('Numéro de commande').fill(number);
    await tracking.getByLabel('Téléphone').fill('0661234567');
    await tracking.getByRole('button', { name: 'Suivre ma commande' }).click();
    await expect(catalogContent(shopper).locator('[data-status="confirmée"]').first()).toContainText('Confirmée');
  } finally {
    await shopperContext.close();
  }
});

test('a POST with a foreign Origin is refused (403), even with the operator’s session', async ({ page }) => {
  await logIn(page, stack.url, 'amina');
  const before = await liveCartEntry(page);
  const state = await page.request.get(`${stack.url}/operations/api/state`);
  expect(state.status()).toBe(200);
  const expectedRevision = (await state.json()).live.revision as number;
  const other = before === remoteEntry(stack.ports, 'mf_cart', CANDIDATE) ? '1.0.0' : CANDIDATE;
  const forged = await page.request.post(`${stack.url}/operations/api/switch`, {
    headers: { Origin: 'https://evil.example' },
    data: { remote: 'mf_cart', entry: remoteEntry(stack.ports, 'mf_cart', other), expectedRevision },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error.code).toBe('forbidden_origin');
  expect(await liveCartEntry(page)).toBe(before);
});
