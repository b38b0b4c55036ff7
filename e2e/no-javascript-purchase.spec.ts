import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CART_NOTICES, cartNotices } from '@shop/contracts/cart';
import { contactMessages } from '@shop/contracts/contact';
import { deliveryMessages, deliveryMessagesIn } from '@shop/contracts/delivery';
import { cartButton, serverCart } from './support/cart';
import { ordersMatching } from './support/orders-api';
import { stackForThisFile } from './support/stack';
import { wordsOf } from './support/words';

/**
 * A whole purchase with JavaScript off (a failed script on a weak link, Opera Mini's data saving, a corporate proxy):
 * every control is a real form the shop's server handles (decision 026). The browser runs no script of the page.
 */
const stack = stackForThisFile();
test.use({ javaScriptEnabled: false });

const notice = (page: Page) => page.locator('[data-page-notice]');
const main = (page: Page) => page.locator('main');
const addButtons = (page: Page) => main(page).getByRole('button', { name: /^Ajouter au panier : / });

test('from a listing to a placed order, then found in order tracking, without JavaScript', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  const first = (await addButtons(page).nth(0).getAttribute('aria-label'))!.replace('Ajouter au panier : ', '');
  const second = (await addButtons(page).nth(1).getAttribute('aria-label'))!.replace('Ajouter au panier : ', '');
  await addButtons(page).nth(0).click();
  await expect(page).toHaveURL(`${stack.url}/shop/face`);
  await expect(notice(page)).toHaveText(CART_NOTICES.added(first));
  await addButtons(page).nth(1).click();
  await expect(notice(page)).toHaveText(CART_NOTICES.added(second));
  // The notice is the page's alone: the next page does not repeat it.
  await page.reload();
  await expect(notice(page)).toHaveCount(0);

  // The cart button leads to the cart page, rendered for this shopper with their lines.
  await cartButton(page).click();
  await expect(page).toHaveURL(/\/shop\/cart\??$/);
  const lines = main(page).locator('li[data-product-id]');
  await expect(lines).toHaveCount(2);
  await expect(main(page)).toContainText(first);
  await main(page).getByRole('button', { name: `Augmenter la quantité de ${first}` }).click();
  await expect(notice(page)).toHaveText(CART_NOTICES.quantityUpdated);
  await expect(main(page).getByRole('textbox', { name: `Quantité de ${first}` })).toHaveValue('2');
  await main(page).getByRole('button', { name: `Retirer ${second} du panier` }).click();
  await expect(notice(page)).toHaveText(CART_NOTICES.itemRemoved);
  await expect(lines).toHaveCount(1);
  expect((await serverCart(page, stack.url)).map((line) => [line.name, line.quantity])).toEqual([[first, 2]]);

  // The checkout: an invalid phone first, refused with its French message and every other value kept.
  await main(page).getByRole('link', { name: 'Paiement du produit' }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/checkout`);
  const form = main(page).getByRole('form', { name: 'Livraison et paiement à la livraison' });
  const typed: Record<string, string> = {
    'input[name=fullName]': 'Salma Benali',
    'input[name=phone]': '12 34',
    'input[name=city]': 'Essaouira',
    'textarea[name=address]': '8 rue du Mellah, près de la porte',
    'textarea[name=note]': 'Deuxième étage',
  };
  for (const [field, value] of Object.entries(typed)) await form.locator(field).fill(value);
  await form.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(form.getByRole('alert')).toContainText(deliveryMessages.phoneInvalid);
  for (const [field, value] of Object.entries(typed)) await expect(form.locator(field), field).toHaveValue(value);

  await form.locator('input[name=phone]').fill('06 61 22 33 44');
  await form.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/shop\/order\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const number = page.url().split('/').pop()!;
  await expect(main(page)).toContainText('Merci, votre commande est enregistrée');
  await expect(main(page)).toContainText(number);
  expect(await serverCart(page, stack.url)).toEqual([]);

  // Order tracking finds it.
  await page.goto(`${stack.url}/order-tracking`);
  const tracking = main(page).getByRole('form', { name: 'Retrouver votre commande' });
  await tracking.locator('input[name=number]').fill(number.toLowerCase());
  await tracking.locator('input[name=phone]').fill('0661223344');
  await tracking.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(main(page).getByRole('heading', { name: `Commande ${number}` })).toBeVisible();
});

test('a whole purchase in Arabic, from a listing to the order found in tracking, without JavaScript', async ({ page }) => {
  const cart = wordsOf('mf-cart', 'ar-MA');
  const pages = wordsOf('mf-catalog-pages', 'ar-MA');
  const notices = cartNotices('ar-MA');
  const adding = pages('shared.cart.addNamed', { name: '' });
  const addButtons = main(page).getByRole('button', { name: new RegExp(`^${adding}`) });
  await page.goto(`${stack.url}/ar/shop/face`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const first = (await addButtons.nth(0).getAttribute('aria-label'))!.replace(adding, '');
  const second = (await addButtons.nth(1).getAttribute('aria-label'))!.replace(adding, '');
  await addButtons.nth(0).click();
  // Back on the same page in the same language, with the notice in Arabic.
  await expect(page).toHaveURL(`${stack.url}/ar/shop/face`);
  await expect(notice(page)).toHaveText(notices.added(first));
  await addButtons.nth(1).click();
  await expect(notice(page)).toHaveText(notices.added(second));

  await page.getByRole('button', { name: /^السلة، / }).click();
  await expect(page).toHaveURL(/\/ar\/shop\/cart\??$/);
  const lines = main(page).locator('li[data-product-id]');
  await expect(lines).toHaveCount(2);
  await main(page).getByRole('button', { name: cart('cart.more', { name: first }) }).click();
  await expect(notice(page)).toHaveText(notices.quantityUpdated);
  await expect(main(page).getByRole('textbox', { name: cart('cart.quantityOf', { name: first }) })).toHaveValue('2');
  await main(page).getByRole('button', { name: cart('cart.remove', { name: second }) }).click();
  await expect(notice(page)).toHaveText(notices.itemRemoved);
  await expect(lines).toHaveCount(1);

  // The checkout: the phone refused in Arabic with every value kept, then the order placed.
  await main(page).getByRole('link', { name: cart('cart.checkout') }).click();
  await expect(page).toHaveURL(`${stack.url}/ar/shop/checkout`);
  const form = main(page).getByRole('form', { name: pages('checkout.form.title') });
  const typed: Record<string, string> = {
    'input[name=fullName]': 'سلمى بنعلي',
    'input[name=phone]': '12 34',
    'input[name=city]': 'الصويرة',
    'textarea[name=address]': '8 زنقة الملاح، قرب الباب',
  };
  for (const [field, value] of Object.entries(typed)) await form.locator(field).fill(value);
  await form.getByRole('button', { name: pages('checkout.submit') }).click();
  await expect(form.getByRole('alert')).toContainText(deliveryMessagesIn['ar-MA'].phoneInvalid);
  for (const [field, value] of Object.entries(typed)) await expect(form.locator(field), field).toHaveValue(value);
  await form.locator('input[name=phone]').fill('06 61 22 33 55');
  await form.getByRole('button', { name: pages('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/ar\/shop\/order\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const number = page.url().split('/').pop()!;
  await expect(main(page)).toContainText(pages('orders.confirmation.title'));
  await expect(main(page)).toContainText('سلمى بنعلي');
  expect(await serverCart(page, stack.url)).toEqual([]);

  await page.goto(`${stack.url}/ar/order-tracking`);
  const tracking = main(page).getByRole('form', { name: pages('orders.tracking.form') });
  await tracking.locator('input[name=number]').fill(number);
  await tracking.locator('input[name=phone]').fill('0661223355');
  await tracking.getByRole('button', { name: pages('orders.tracking.submit') }).click();
  await expect(page).toHaveURL(/\/ar\/order-tracking/);
  await expect(main(page).getByRole('heading', { name: pages('orders.result.title', { number }) })).toBeVisible();
});

test('a double submit of the checkout places one order, without JavaScript', async ({ page }) => {
  await page.goto(`${stack.url}/shop/body`);
  await addButtons(page).first().click();
  await expect(notice(page)).toBeVisible();
  await page.goto(`${stack.url}/shop/checkout`);
  const form = main(page).getByRole('form', { name: 'Livraison et paiement à la livraison' });
  await form.locator('input[name=fullName]').fill('Omar Alaoui');
  await form.locator('input[name=phone]').fill('0677889900');
  await form.locator('input[name=city]').fill('Fès');
  await form.locator('textarea[name=address]').fill('3 derb Lamzabi, Fès el-Bali');
  // The browser sends the form twice before the first answer arrives (a double tap on a slow link): the same fields,
  // with the key the server drew for this page, and the same cookies.
  const fields: Record<string, string> = {};
  for (const input of await form.locator('input[name], textarea[name]').all()) fields[(await input.getAttribute('name'))!] = await input.inputValue();
  expect(fields['_form']).toBe('checkout');
  expect(fields['idempotencyKey']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  const post = () => page.request.post(`${stack.url}/shop/checkout`, { form: fields, headers: { Origin: stack.url }, maxRedirects: 0 });
  const [first, second] = await Promise.all([post(), post()]);
  expect([first.status(), second.status()]).toEqual([303, 303]);
  expect(second.headers()['location']).toBe(first.headers()['location']);
  await page.goto(`${stack.url}${first.headers()['location']}`);
  await expect(main(page)).toContainText('Merci, votre commande est enregistrée');
  expect((await ordersMatching(stack.ports, '0677889900')).map((order) => order.number)).toEqual([page.url().split('/').pop()]);
});

test('the newsletter and the contact form work without JavaScript', async ({ page }) => {
  await page.goto(`${stack.url}/contact`);
  const footerForm = page.locator('footer form').filter({ has: page.getByRole('button', { name: 'Je m’inscris' }) });
  // The browser's own check lets this through (it wants an @ only); the service's does not.
  await footerForm.getByLabel('Votre adresse e-mail').fill('nadia@exemple');
  await footerForm.getByRole('button', { name: 'Je m’inscris' }).click();
  await expect(footerForm.getByRole('alert')).toHaveText("L'adresse e-mail est invalide.");
  await expect(footerForm.getByLabel('Votre adresse e-mail')).toHaveValue('nadia@exemple');
  await footerForm.getByLabel('Votre adresse e-mail').fill('nadia@example.ma');
  await footerForm.getByRole('button', { name: 'Je m’inscris' }).click();
  await expect(notice(page)).toHaveText('Merci ! Votre inscription à la newsletter est bien enregistrée.');

  const contact = main(page).getByRole('form', { name: 'Votre message' });
  await contact.locator('input[name=name]').fill('Nadia');
  await contact.locator('input[name=email]').fill('nadia@example.ma');
  await contact.locator('select[name=subject]').selectOption('Points de vente');
  await contact.locator('textarea[name=message]').fill('Trop court');
  await contact.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(contact.getByRole('alert')).toContainText(contactMessages.messageShort);
  await expect(contact.locator('input[name=name]')).toHaveValue('Nadia');
  await expect(contact.locator('select[name=subject]')).toHaveValue('Points de vente');
  await contact.locator('textarea[name=message]').fill('Avez-vous un point de vente à Tanger, près du port ?');
  await contact.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(notice(page)).toHaveText(contactMessages.sent);
});

test('on a phone without JavaScript, the menu button leads to every category and the search button to the catalogue', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page).toHaveURL(/\/category\??$/);
  for (const [label, path] of [['Soins du visage', '/shop/face'], ['Soins du corps', '/shop/body'], ['Soins capillaires', '/shop/hair'], ['Packs', '/shop/pack']] as const) {
    await expect(main(page).getByRole('link', { name: new RegExp(`^Voir les \\d+ produits : ${label}$`) })).toHaveAttribute('href', path);
  }
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  // The catalogue, with the header's search panel open to type into (e2e/catalog-search.spec.ts searches there).
  await expect(page).toHaveURL(/\/shop\/all\?recherche=1$/);
  await expect(page.getByRole('search', { name: 'Rechercher des produits' })).toBeVisible();
});

test('a form post from another site is refused, an oversized one answers 413', async ({ request }) => {
  const foreign = await request.post(`${stack.url}/shop/face`, {
    headers: { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
    data: '_form=cart-add&productId=x',
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error.code).toBe('forbidden_origin');
  const large = await request.post(`${stack.url}/contact`, {
    headers: { Origin: stack.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    data: `_form=contact&message=${'x'.repeat(20_000)}`,
  });
  expect(large.status()).toBe(413);
});
