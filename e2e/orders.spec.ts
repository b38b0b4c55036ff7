import { expect, interactiveAfterLoad, test } from './support/test';
import type { Page } from '@playwright/test';
import type { AdminOrdersResponse, Order } from '@shop/contracts/orders';
import type { Product } from '@shop/contracts/products';
import { addToCart, cartButton, formatMad, products, serverCart } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';
import { ADMIN_TOKEN } from './support/stack-env';

// Operators read orders through cart-service's /admin routes, as the orders CLI does (every stack has ADMIN_TOKEN).
const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

const NUMBER = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;
const delivery = { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' };

const form = (page: Page) => catalogContent(page).getByRole('form', { name: 'Livraison et paiement à la livraison' });
const card = (page: Page, product: Product) => catalogContent(page).locator(`li[data-product-id="${product.id}"]`);
const trackingForm = (page: Page) => catalogContent(page).getByRole('form', { name: 'Retrouver votre commande' });

async function fillDelivery(page: Page, details = delivery) {
  await form(page).getByLabel('Nom complet').fill(details.fullName);
  await form(page).getByLabel('Téléphone').fill(details.phone);
  await form(page).getByLabel('Ville').fill(details.city);
  await form(page).getByLabel('Adresse').fill(details.address);
}

async function allOrders(page: Page): Promise<Order[]> {
  const response = await page.request.get(`http://127.0.0.1:${stack.ports['cart-service']}/admin/orders`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AdminOrdersResponse).orders;
}

async function setStatus(page: Page, number: string, status: string) {
  const response = await page.request.post(`http://127.0.0.1:${stack.ports['cart-service']}/admin/orders/${number}/status`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { status },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('from an empty cart to a placed order: confirmation, empty cart, then the order found by tracking', async ({ page, browser }) => {
  const [serum, shampoo] = [catalogue.find((p) => p.category === 'face')!, catalogue.find((p) => p.category === 'hair')!];
  await page.goto(`${stack.url}/shop/face`);
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 0 article');
  await card(page, serum).getByRole('button', { name: `Ajouter au panier : ${serum.name}` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
  await page.goto(`${stack.url}/shop/hair`);
  await card(page, shampoo).getByRole('button', { name: `Ajouter au panier : ${shampoo.name}` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 2 articles');

  // To the checkout through the cart dropdown, as a shopper would.
  await cartButton(page).click();
  await page.getByRole('region', { name: 'Contenu du panier' }).getByRole('link', { name: 'Paiement du produit' }).click();
  await expect(pageHeading(page)).toHaveText('Paiement');
  await fillDelivery(page);
  await form(page).getByLabel('Note pour le livreur').fill('Appelez en arrivant, 3e étage.');
  await form(page).getByRole('button', { name: 'Confirmer la commande' }).click();

  await expect(page).toHaveURL(/\/shop\/order\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expect(pageHeading(page)).toHaveText('Merci, votre commande est enregistrée');
  const number = (await catalogContent(page).getByTestId('order-number').innerText()).trim();
  expect(number).toMatch(NUMBER);
  await expect(catalogContent(page).locator('[data-status="reçue"]').first()).toContainText('Reçue');
  const lines = catalogContent(page).getByRole('list', { name: 'Articles commandés' });
  await expect(lines).toContainText(serum.name);
  await expect(lines).toContainText(shampoo.name);
  await expect(catalogContent(page).getByTestId('order-total')).toHaveText(formatMad(serum.price + shampoo.price));
  const deliveryRegion = catalogContent(page).getByRole('region', { name: 'Livraison', exact: true });
  await expect(deliveryRegion).toContainText('Fatima Zahra El Idrissi');
  await expect(deliveryRegion).toContainText('Casablanca');
  await expect(catalogContent(page).getByRole('region', { name: 'Paiement à la livraison' })).toBeVisible();
  // The cart is empty, in the header and in cart-service.
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 0 article');
  expect(await serverCart(page, stack.url)).toEqual([]);

  // The confirmation survives a reload; another visitor cannot read it.
  await page.reload();
  await expect(catalogContent(page).getByTestId('order-number')).toHaveText(number);
  const stranger = interactiveAfterLoad(await browser.newPage());
  await stranger.goto(`${stack.url}/shop/order/${number}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await expect(stranger.getByText('Fatima Zahra El Idrissi')).toHaveCount(0);

  // Tracking, from another browser: a wrong phone says nothing about the order; the right one shows its status.
  await stranger.goto(`${stack.url}/order-tracking`);
  await trackingForm(stranger).getByLabel('Numéro de commande').fill(number.toLowerCase());
  await trackingForm(stranger).getByLabel('Téléphone').fill('0700000000');
  await trackingForm(stranger).getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(catalogContent(stranger).getByRole('alert')).toHaveText(
    'Aucune commande ne correspond à ce numéro et à ce numéro de téléphone.',
  );
  await trackingForm(stranger).getByLabel('Téléphone').fill('+212 6 12 34 56 78');
  await trackingForm(stranger).getByRole('button', { name: 'Suivre ma commande' }).click();
  const result = catalogContent(stranger).getByRole('region', { name: `Commande ${number}` });
  await expect(result).toHaveAttribute('data-status', 'reçue');
  await expect(result.getByRole('list', { name: 'Avancement de la commande' }).locator('[aria-current="step"]')).toContainText('Reçue');
  await expect(result).not.toContainText('Ibnou Mounir'); // tracking shows no address

  // The operator confirms and ships it; tracking follows.
  await setStatus(page, number, 'confirmée');
  await setStatus(page, number, 'expédiée');
  await trackingForm(stranger).getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(result).toHaveAttribute('data-status', 'expédiée');
  await expect(result.locator('[aria-current="step"]')).toContainText('Expédiée');
  await stranger.close();

  // From the confirmation page, the tracking link comes prefilled.
  await catalogContent(page).getByRole('link', { name: 'Suivre ma commande' }).click();
  await expect(page).toHaveURL(`${stack.url}/order-tracking?numero=${number}`);
  await expect(trackingForm(page).getByLabel('Numéro de commande')).toHaveValue(number);
});

test('invalid details show the French messages and place nothing', async ({ page }) => {
  await addToCart(page, stack.url, catalogue[2]!.id, 1);
  const before = (await allOrders(page)).length;
  await page.goto(`${stack.url}/shop/checkout`);
  await fillDelivery(page, { fullName: 'Al', phone: '08 12 34 56 78', city: 'Rabat', address: 'rue 3' });
  await form(page).getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(form(page).getByRole('alert')).toContainText('Veuillez corriger les 3 points suivants');
  await expect(form(page).getByLabel('Téléphone')).toHaveAccessibleDescription(/Numéro de téléphone marocain invalide/);
  await expect(form(page).getByLabel('Adresse')).toHaveAccessibleDescription(/10 caractères au moins/);
  await expect(page).toHaveURL(`${stack.url}/shop/checkout`);
  expect((await allOrders(page)).length).toBe(before);
  expect(await serverCart(page, stack.url)).toHaveLength(1);
});

test('a double submit places one order: a double click, Enter pressed twice, and a replayed request', async ({ page }) => {
  await addToCart(page, stack.url, catalogue[3]!.id, 2);
  const before = (await allOrders(page)).length;
  const posts: Array<string | null> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/orders')) posts.push(request.headers()['idempotency-key'] ?? null);
  });
  // Hold the first answer a moment, so the second click and the Enters land while it is pending.
  await page.route('**/api/orders', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto(`${stack.url}/shop/checkout`);
  await fillDelivery(page);
  await form(page).getByRole('button', { name: 'Confirmer la commande' }).dblclick();
  await form(page).getByLabel('Adresse').press('Enter').catch(() => undefined); // the form may be gone already
  await expect(page).toHaveURL(/\/shop\/order\//);
  const number = (await catalogContent(page).getByTestId('order-number').innerText()).trim();
  expect(posts).toHaveLength(1);

  // The same request sent again (a retry after a lost answer) answers the same order.
  const replay = await page.request.post(`${stack.url}/api/orders`, {
    headers: { 'Idempotency-Key': posts[0]!, Origin: stack.url },
    data: delivery,
  });
  expect(replay.status()).toBe(200);
  expect(((await replay.json()) as { order: Order }).order.number).toBe(number);
  const after = await allOrders(page);
  expect(after.length).toBe(before + 1);
  expect(after.filter((o) => o.number === number)).toHaveLength(1);
  expect(after.find((o) => o.number === number)!.lines).toMatchObject([{ productId: catalogue[3]!.id, quantity: 2, price: catalogue[3]!.price }]);
});
