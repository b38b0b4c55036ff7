import { expect, test } from './support/test';
import { expectToastLifetime, watchToasts } from './support/toasts';
import type { Page, Request } from '@playwright/test';
import { toast } from './support/cart';
import { frameFooter, frameHeader, internalPaths, markWindow, sidebar, topBar, windowIsMarked } from './support/frame-locators';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

const THANKS = 'Merci ! Votre inscription à la newsletter est bien enregistrée.';

const emailField = (page: Page) => frameFooter(page).getByLabel('Votre adresse e-mail');
const subscribeButton = (page: Page) => frameFooter(page).getByRole('button', { name: 'Je m’inscris' });

function recordNewsletterPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/newsletter')) posts.push(request);
  });
  return posts;
}

test('the footer shows categories, support and company links, social links, contact, payments and this year', async ({
  page,
}) => {
  await page.goto(`${stack.url}/shop/face`);
  const footer = frameFooter(page);
  await expect(footer.getByRole('navigation', { name: 'Catégories' }).getByRole('link')).toHaveText([
    'Soins du visage',
    'Soins du corps',
    'Soins capillaires',
    'Packs',
    'Tous les produits',
  ]);
  await expect(footer.getByRole('navigation', { name: 'Assistance' }).getByRole('link')).toHaveCount(5);
  await expect(footer.getByRole('navigation', { name: 'L’entreprise' }).getByRole('link')).toHaveCount(5);
  await expect(footer.getByRole('navigation', { name: 'Réseaux sociaux' }).getByRole('link')).toHaveCount(3);
  for (const network of ['Instagram', 'Facebook', 'TikTok']) {
    await expect(footer.getByRole('link', { name: network })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer.getByRole('link', { name: '+212 5 22 48 12 30' })).toHaveAttribute('href', 'tel:+212522481230');
  await expect(footer.getByRole('link', { name: 'contact@maison-argane.ma' })).toHaveAttribute(
    'href',
    'mailto:contact@maison-argane.ma',
  );
  const payments = footer.getByRole('list', { name: 'Moyens de paiement' }).getByRole('img');
  await expect(payments).toHaveCount(4);
  expect(await payments.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('aria-label')))).toEqual([
    'Visa',
    'Mastercard',
    'CMI',
    'Paiement à la livraison',
  ]);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Maison Argane. Tous droits réservés.`);
  await expect(footer).toContainText(/30\s%\sde réduction/);

  await markWindow(page);
  await footer.getByRole('link', { name: 'Questions fréquentes' }).click();
  await expect(page).toHaveURL(`${stack.url}/faq`);
  expect(await windowIsMarked(page)).toBe(true);
});

test('the newsletter posts the address and shows the service’s thanks in a toast; the field empties', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await watchToasts(page);
  const posts = recordNewsletterPosts(page);
  await emailField(page).fill(`salma.${Date.now()}@example.ma`);
  // Enter in the field submits like the button does, and cannot miss if the home page's content is still
  // arriving above the footer and moving it.
  await emailField(page).press('Enter');
  await expect(toast(page, THANKS)).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(posts[0]!.method()).toBe('POST');
  expect(posts[0]!.headers()['content-type']).toBe('application/json');
  expect(posts[0]!.postDataJSON()).toEqual({ email: expect.stringMatching(/^salma\.\d+@example\.ma$/) });
  await expect(emailField(page)).toHaveValue('');
  // The shell's toast container closes it after 3 s.
  await expectToastLifetime(page, THANKS);
});

test('an address the browser refuses is never sent; one the service refuses shows its French error', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  const posts = recordNewsletterPosts(page);

  await emailField(page).fill('salma');
  await subscribeButton(page).click();
  expect(await emailField(page).evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  await emailField(page).fill('');
  await subscribeButton(page).click();
  expect(await emailField(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

  // Valid for the browser, not for the service (no domain suffix): 400 with a French message.
  await emailField(page).fill('salma@localhost');
  await subscribeButton(page).click();
  await expect(toast(page, 'L\'adresse e-mail est invalide.')).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(emailField(page)).toHaveValue('salma@localhost');
});

test('with cart-service down, an error toast says the shop is unavailable; it works again once back', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await stack.stop('cart-service');
  try {
    await emailField(page).fill('karim@example.ma');
    await subscribeButton(page).click();
    await expect(toast(page, 'La boutique est momentanément indisponible. Réessayez dans un instant.')).toBeVisible();
    await expect(emailField(page)).toHaveValue('karim@example.ma');
    await expect(subscribeButton(page)).toBeEnabled();
  } finally {
    await stack.start('cart-service');
  }
  await subscribeButton(page).click();
  await expect(toast(page, THANKS)).toBeVisible();
});

test('every link of the menus, sidebar and footer leads to a route the shell serves (no 404)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${stack.url}/`);
  // Header and footer are two exposed modules that load independently: wait for both before reading their links.
  await expect(frameFooter(page)).toBeVisible();
  await expect(frameHeader(page).getByRole('navigation', { name: 'Menu principal' })).toBeAttached();
  const headerPaths = await internalPaths(page, 'header[data-remote="mf_frame"]');
  const paths = new Set([...headerPaths, ...(await internalPaths(page, 'footer[data-remote="mf_frame"]'))]);

  // The sidebar renders its links only while open (folded panels included).
  await page.setViewportSize({ width: 375, height: 667 });
  await frameHeader(page).getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(sidebar(page)).toBeVisible();
  const sidebarPaths = await internalPaths(page, 'dialog[open]');
  // Same menus as the desktop bar.
  expect(sidebarPaths.filter((path) => !headerPaths.includes(path))).toEqual([]);
  expect(new Set(sidebarPaths).size).toBeGreaterThan(50);
  for (const path of sidebarPaths) paths.add(path);

  // Every menu of the spec is reachable from the frame.
  for (const path of ['/', '/shop/all', '/shop/face', '/shop/body', '/shop/hair', '/shop/pack', '/index2', '/shop/whistlist', '/shop/cart', '/shop/checkout', '/my-account', '/order-tracking', '/gift-card', '/faq', '/contact', '/shop-list', '/about-us', '/blog-grid']) {
    expect(paths, path).toContain(path);
  }
  expect(paths.size).toBeGreaterThan(50);

  const notServed: string[] = [];
  for (const path of paths) {
    const response = await page.request.get(`${stack.url}${path}`, { maxRedirects: 0 });
    if (response.status() !== 200) notServed.push(`${path} → ${response.status()}`);
  }
  expect(notServed).toEqual([]);
});

test('/index2 shows the alternative header and footer, with the configured top bar and no shipping promise', async ({
  page,
}) => {
  await page.goto(`${stack.url}/`);
  await expect(frameHeader(page)).toHaveAttribute('data-variant', 'default');
  await expect(frameFooter(page)).toHaveAttribute('data-variant', 'default');
  const background = () => topBar(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  const defaultLook = await background();

  await page.goto(`${stack.url}/index2`);
  await expect(frameHeader(page)).toHaveAttribute('data-variant', 'alt');
  await expect(frameFooter(page)).toHaveAttribute('data-variant', 'alt');
  await expect(page.locator('body')).toHaveClass(/style-2/);
  await expect(topBar(page)).toContainText('Soins naturels du Maroc');
  await expect(topBar(page).getByRole('link', { name: 'Voir la boutique' })).toHaveAttribute('href', '/shop');
  await expect(topBar(page)).not.toContainText(/livraison|\$|30/i);
  expect(await background()).not.toBe(defaultLook);
  // Same frame otherwise: menus, cart, footer text.
  await expect(frameHeader(page).getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(frameFooter(page)).toContainText('Tous droits réservés');

  // Leaving /index2 in the page brings the default frame back.
  await frameHeader(page).getByRole('link', { name: 'Corps', exact: true }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/body`);
  await expect(frameHeader(page)).toHaveAttribute('data-variant', 'default');
  await expect(frameFooter(page)).toHaveAttribute('data-variant', 'default');
  await expect(topBar(page)).toContainText('Nouveau');
});
