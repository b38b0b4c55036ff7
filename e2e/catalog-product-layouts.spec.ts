import { expect, test } from './support/test';
import type { Product } from '@shop/contracts/products';
import { setStock } from './support/admin-api';
import { products, serverCart } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
let featured: Product;
test.beforeAll(async ({ request }) => {
  // Stock is real: one product out of stock (notify-me) and one with 2 left (low-stock-notice).
  await setStock(stack, 'sh-005', 0);
  await setStock(stack, 'sc-003', 2);
  catalogue = await products(request, stack.url);
  featured = catalogue.find((p) => p.oldPrice !== undefined && p.availability.status !== 'out-of-stock')!;
});

test('size variation: a duo puts two units in the cart at the unit price', async ({ page }) => {
  await page.goto(`${stack.url}/shop/product-with-size-variation`);
  await expect(pageHeading(page)).toHaveText(featured.name);
  await catalogContent(page).getByRole('radio', { name: /Duo \(2 flacons\)/ }).check();
  await expect(catalogContent(page)).toContainText('Le panier comptera 2 unités au prix unitaire.');
  await catalogContent(page).getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect.poll(async () => (await serverCart(page, stack.url)).map((l) => [l.productId, l.quantity])).toEqual([[featured.id, 2]]);
});

test('countdown: counts down to the configured end of the promotion', async ({ page }) => {
  await page.goto(`${stack.url}/shop/countdown`);
  const timer = catalogContent(page).getByRole('timer', { name: 'Temps restant avant la fin de l’offre' });
  await expect(timer).toHaveText(/^Plus que (\d+ j )?\d{2} h \d{2} min \d{2} s$/);
  const first = await timer.innerText();
  await expect(timer).not.toHaveText(first);
  await expect(catalogContent(page).locator('time')).toHaveAttribute('datetime', '2026-12-31T23:59:59+01:00');
});

test('notify-me: the email is validated, then the alert is recorded and the page says so', async ({ page }) => {
  await page.goto(`${stack.url}/shop/notify-me`);
  await expect(catalogContent(page).getByRole('button', { name: 'Rupture de stock', exact: true })).toBeDisabled();
  const email = catalogContent(page).getByLabel('Adresse e-mail');
  const submit = catalogContent(page).getByRole('button', { name: 'Me prévenir' });
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Saisissez votre adresse e-mail.');
  await email.fill('nadia@exemple');
  await submit.click();
  await expect(email).toHaveAccessibleDescription(/Saisissez une adresse e-mail valide/);
  await email.fill('nadia@exemple.ma');
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: /^C’est noté : nous vous écrirons dès que « .+ » sera de retour en stock\.$/ })).toBeVisible();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveValue('');
});

test('low stock: the notice gives the number left and the quantity cannot exceed it', async ({ page }) => {
  const low = catalogue.find((p) => p.availability.status === 'low-stock')!;
  const left = low.availability.status === 'low-stock' ? low.availability.left : 0;
  const plural = left > 1 ? 's' : '';
  await page.goto(`${stack.url}/shop/low-stock-notice`);
  await expect(pageHeading(page)).toHaveText(low.name);
  await expect(catalogContent(page)).toContainText(`Stock limité : plus que ${left} exemplaire${plural} disponible${plural}`);
  const plus = catalogContent(page).getByRole('button', { name: 'Augmenter la quantité' });
  const quantity = catalogContent(page).getByRole('spinbutton', { name: 'Quantité' });
  for (let n = 1; n < left; n += 1) {
    await plus.click();
    await expect(quantity).toHaveValue(String(n + 1));
  }
  await expect(quantity).toHaveValue(String(left));
  await expect(plus).toBeDisabled();
});

test('gallery thumbnails, tabs and accordion work with the keyboard', async ({ page }) => {
  await page.goto(`${stack.url}/shop/product-thumb-left`);
  const thumbs = catalogContent(page).getByRole('group', { name: 'Choisir une vue' }).getByRole('button');
  await expect(thumbs).toHaveCount(3);
  await thumbs.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(catalogContent(page).getByRole('img', { name: `${featured.name}, vue rapprochée` })).toBeVisible();

  const tab = (name: string) => catalogContent(page).getByRole('tab', { name });
  await tab('Description').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Conseils d’utilisation')).toBeFocused();
  await expect(tab('Conseils d’utilisation')).toHaveAttribute('aria-selected', 'true');
  await expect(catalogContent(page).getByRole('tabpanel')).toContainText('Faites un essai sur une petite zone');

  await page.goto(`${stack.url}/shop/accordion`);
  const delivery = catalogContent(page).locator('summary', { hasText: 'Livraison et paiement' });
  await delivery.focus();
  await page.keyboard.press('Enter');
  await expect(catalogContent(page).getByText('Paiement à la livraison, en espèces, partout au Maroc.')).toBeVisible();
});

test('quick view opens the product in a dialog that adds to the cart and closes with Escape', async ({ page }) => {
  await page.goto(`${stack.url}/shop/quick-view`);
  const open = catalogContent(page).getByRole('button', { name: /^Aperçu rapide : / }).first();
  const name = (await open.getAttribute('aria-label'))!.replace('Aperçu rapide : ', '');
  await open.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect.poll(async () => (await serverCart(page, stack.url)).map((l) => l.name)).toEqual([name]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('the contact form validates, then sends the message and thanks the shopper', async ({ page }) => {
  await page.goto(`${stack.url}/contact`);
  const form = catalogContent(page).getByRole('form', { name: 'Votre message' });
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(form.getByRole('alert')).toContainText('Veuillez corriger les 4 points suivants');
  await expect(form.getByLabel('Adresse e-mail')).toHaveAccessibleDescription('Indiquez votre adresse e-mail.');
  await form.getByLabel('Nom').fill('Nadia');
  await form.getByLabel('Adresse e-mail').fill('nadia@exemple.ma');
  await form.getByLabel('Sujet').selectOption('Commande et livraison');
  await form.getByLabel('Message').fill('Livrez-vous à Dakhla, et en combien de jours ?');
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Merci ! Votre message a bien été envoyé' })).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('the FAQ is an accordion', async ({ page }) => {
  await page.goto(`${stack.url}/faq`);
  const question = catalogContent(page).locator('summary', { hasText: 'Quels moyens de paiement acceptez-vous ?' });
  const answer = catalogContent(page).getByText('Le paiement se fait à la livraison');
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await question.click();
  await expect(answer).toBeHidden();
});
