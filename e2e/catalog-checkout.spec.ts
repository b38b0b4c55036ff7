import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { addToCart, products, serverCart } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

const form = (page: Page) => catalogContent(page).getByRole('form', { name: 'Livraison et paiement à la livraison' });
const field = (page: Page, name: string) => form(page).getByLabel(name);

async function openCheckout(page: Page) {
  await addToCart(page, stack.url, catalogue[0]!.id, 2);
  await page.goto(`${stack.url}/shop/checkout`);
  await expect(pageHeading(page)).toHaveText('Paiement');
}

test('the checkout shows mf_cart’s editable lines and total inside the page', async ({ page }) => {
  await openCheckout(page);
  const lines = catalogContent(page).locator('[data-remote="mf_cart"]');
  await expect(lines).toContainText(catalogue[0]!.name);
  await expect(lines.getByRole('button', { name: `Augmenter la quantité de ${catalogue[0]!.name}` })).toBeVisible();
  await lines.getByRole('button', { name: `Augmenter la quantité de ${catalogue[0]!.name}` }).click();
  await expect.poll(async () => (await serverCart(page, stack.url))[0]?.quantity).toBe(3);
});

test('every empty field gets a French message, tied to its field, and the summary takes focus', async ({ page }) => {
  await openCheckout(page);
  await form(page).getByRole('button', { name: 'Confirmer la commande' }).click();
  const summary = form(page).getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Veuillez corriger les 4 points suivants');
  for (const [name, message] of <[string, string][]>[
    ['Nom complet', 'Indiquez votre nom complet.'],
    ['Téléphone', 'Indiquez votre numéro de téléphone.'],
    ['Ville', 'Indiquez votre ville.'],
    ['Adresse', 'Indiquez votre adresse de livraison.'],
  ]) {
    await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, name)).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
  }
});

test('a wrong Moroccan phone number and a short address are explained; fixing them clears the messages', async ({ page }) => {
  await openCheckout(page);
  await field(page, 'Nom complet').fill('Fatima Zahra El Idrissi');
  await field(page, 'Téléphone').fill('08 12 34 56 78');
  await field(page, 'Ville').fill('Casablanca');
  await field(page, 'Adresse').fill('rue 3');
  await form(page).getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(form(page).getByRole('alert')).toContainText('Veuillez corriger les 2 points suivants');
  await expect(field(page, 'Téléphone')).toHaveAccessibleDescription(/Numéro de téléphone marocain invalide : 06, 07 ou 05 suivi de 8 chiffres/);
  await expect(field(page, 'Adresse')).toHaveAccessibleDescription(/10 caractères au moins/);
  await expect(field(page, 'Nom complet')).not.toHaveAttribute('aria-invalid', 'true');

  await field(page, 'Téléphone').fill('+212 6 12 34 56 78');
  await expect(field(page, 'Téléphone')).not.toHaveAttribute('aria-invalid', 'true');
  await field(page, 'Adresse').fill('27, rue Ibnou Mounir, Maârif');
  await expect(form(page).getByRole('alert')).toHaveCount(0);
});

test('refused details place nothing: the cart and the page stay as they were', async ({ page }) => {
  await openCheckout(page);
  let orders = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/orders')) orders += 1;
  });
  await field(page, 'Nom complet').fill('Youssef Alaoui');
  await field(page, 'Téléphone').fill('0812345678');
  await field(page, 'Ville').fill('Fès');
  await field(page, 'Adresse').fill('12, derb Sidi Ahmed, Fès el-Bali');
  await form(page).getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(form(page).getByRole('alert')).toContainText('Veuillez corriger');
  await expect(page).toHaveURL(`${stack.url}/shop/checkout`);
  expect(orders).toBe(0);
  expect((await serverCart(page, stack.url)).map((l) => l.quantity)).toEqual([2]);
});

test('with an empty cart the page says so and leads back to the shop', async ({ page }) => {
  await page.goto(`${stack.url}/shop/checkout`);
  await expect(pageHeading(page)).toHaveText('Paiement');
  await expect(catalogContent(page)).toContainText('Votre panier est vide : ajoutez des produits avant de renseigner la livraison.');
  await catalogContent(page).getByRole('link', { name: 'Découvrir nos produits' }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/all`);
});
