import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { formatPrice } from '@shop/contracts/money';
import { SUGGESTIONS } from '@shop/contracts/product-query';
import type { ProductsResponse } from '@shop/contracts/products';
import { formatMad } from './support/cart';
import { catalogContent } from './support/catalog-pages';
import { frameHeader } from './support/frame-locators';
import { stackForThisFile } from './support/stack';
import { expect, test } from './support/test';

/**
 * The header's search panel as a shopper uses it (issue 60): suggestions of products as they type, in French and in
 * Arabic, found by the database's search (accents, Arabic letter forms and articles folded, a misspelling forgiven),
 * chosen with the keyboard or a tap, and the search submitted to the listing, with JavaScript and without.
 */
const stack = stackForThisFile();
test.use({ viewport: { width: 1280, height: 800 } });

const TEXT = {
  'fr-MA': { toggle: 'Rechercher', box: 'Rechercher un produit', suggestions: 'Produits suggérés' },
  'ar-MA': { toggle: 'بحث', box: 'ابحث عن منتج', suggestions: 'منتجات مقترحة' },
} as const;
type Language = keyof typeof TEXT;

/** Opens the panel from the header's button and returns its text box and its list of suggestions. */
async function openSearch(page: Page, language: Language = 'fr-MA'): Promise<{ box: Locator; suggestions: Locator }> {
  const words = TEXT[language];
  await frameHeader(page).getByRole('button', { name: words.toggle, exact: true }).click();
  const box = frameHeader(page).getByRole('combobox', { name: words.box });
  await expect(box).toBeFocused();
  return { box, suggestions: frameHeader(page).getByRole('listbox', { name: words.suggestions }) };
}

/** Types as a shopper does, key by key, into an emptied box. */
async function typeInto(box: Locator, text: string): Promise<void> {
  await box.clear();
  await box.pressSequentially(text);
}

const optionNames = (suggestions: Locator) => suggestions.getByRole('option').allTextContents();

test('« creme » suggests the Crème products with picture and price, and the keyboard opens one', async ({ page, request }) => {
  await page.goto(`${stack.url}/shop/face`);
  const { box, suggestions } = await openSearch(page);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await typeInto(box, 'creme');
  await expect(suggestions.getByRole('option', { name: /^Crème hydratante à l'argan/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // What the shopper sees is what the API ranks first for the text, in its order, each with its price.
  const answer = (await (await request.get(`${stack.url}/api/products?q=creme&limit=${SUGGESTIONS}`)).json()) as ProductsResponse;
  expect(answer.products.length).toBeGreaterThan(1);
  expect(answer.products.length).toBeLessThanOrEqual(SUGGESTIONS);
  // Ranked by relevance: the products named Crème first (others may follow for a crème in their description).
  const named = answer.products.filter((p) => p.name.startsWith('Crème'));
  expect(named.length).toBeGreaterThan(1);
  expect(answer.products.slice(0, named.length)).toEqual(named);
  expect(await optionNames(suggestions)).toEqual(answer.products.map((p) => `${p.name}${formatMad(p.price)}`));
  await expect(page.getByRole('search').getByRole('status')).toHaveText(new RegExp(`^${answer.products.length} produits suggérés`));
  const picture = suggestions.getByRole('option').first().locator('img');
  await expect(picture).toHaveAttribute('src', answer.products[0]!.images[0]!);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Down to the second, Enter: its product page.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = suggestions.getByRole('option').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${stack.url}/shop/product/${answer.products[1]!.slug}`);
  await expect(catalogContent(page).getByRole('heading', { level: 1 })).toHaveText(answer.products[1]!.name);
});

test('Escape closes the suggestions, an arrow brings them back, and a tap on one opens it', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  const { box, suggestions } = await openSearch(page);
  await typeInto(box, 'savon');
  await expect(suggestions.getByRole('option', { name: /^Savon noir beldi/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(box).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await suggestions.getByRole('option', { name: /^Savon noir beldi/ }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/product/savon-noir-beldi-eucalyptus`);
  await expect(box).toBeHidden();
});

test('on the Arabic pages: « اركان » finds « بالأركان », « مرطب » finds « مرطّب », and « argn » finds argan', async ({ page, request }) => {
  await page.goto(`${stack.url}/ar/shop/face`);
  const { box, suggestions } = await openSearch(page, 'ar-MA');
  await typeInto(box, 'اركان');
  await expect(suggestions.getByRole('option', { name: /^كريم مرطّب بالأركان/ })).toBeVisible();
  for (const name of await optionNames(suggestions)) expect(name).toContain('الأركان');

  await typeInto(box, 'مرطب');
  await expect(suggestions.getByRole('option', { name: /^كريم مرطّب بالأركان/ })).toBeVisible();
  await expect(page.getByRole('search').getByRole('status')).toHaveText(/مقترح/);
  // Prices in Western digits on Arabic pages (decision 036).
  await expect(suggestions.getByRole('option').first()).toContainText(/\d/);

  // A misspelling: the Arabic page's products named with argan, found by the Latin word mistyped.
  const argn = (await (await request.get(`${stack.url}/api/products?q=argn&limit=${SUGGESTIONS}&lang=ar-MA`)).json()) as ProductsResponse;
  expect(argn.products.length).toBeGreaterThan(0);
  await typeInto(box, 'argn');
  await expect(suggestions.getByRole('option').first()).toHaveText(`${argn.products[0]!.name}${formatPrice(argn.products[0]!.price, 'ar-MA')}`);
  expect(argn.products.every((p) => p.images[0]!.includes('argan') || p.slug.includes('argan'))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${stack.url}/ar/shop/product/${argn.products[0]!.slug}`);
});

test('« argn » suggests argan products on the French pages too', async ({ page }) => {
  await page.goto(`${stack.url}/shop/body`);
  const { box, suggestions } = await openSearch(page);
  await typeInto(box, 'argn');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  for (const name of await optionNames(suggestions)) expect(name.toLowerCase()).toContain('argan');
});

test('the search submits to the listing with its text', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  const { box, suggestions } = await openSearch(page);
  await typeInto(box, 'creme');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  // Enter with no suggestion chosen is the form's: the listing, for the text typed.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${stack.url}/shop/all?q=creme`);
  await expect(catalogContent(page).getByRole('heading', { level: 1 })).toBeVisible();
});

test('without JavaScript, the search button opens the panel on the catalogue and its form submits to the listing', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  // eslint-disable-next-line no-restricted-syntax -- without JavaScript the page never hydrates: it is used as served.
  const page = await context.newPage();
  try {
    await page.goto(`${stack.url}/ar/shop/face`);
    await frameHeader(page).getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page).toHaveURL(`${stack.url}/ar/shop/all?recherche=1`);
    const form = page.getByRole('search', { name: 'البحث عن المنتجات' });
    await form.getByRole('combobox', { name: 'ابحث عن منتج' }).fill('اركان');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().isNavigationRequest()),
      form.getByRole('button', { name: 'بحث', exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/ar/shop/all');
    expect(url.searchParams.get('q')).toBe('اركان');
    await expect(catalogContent(page).getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the open combobox passes axe, in French and in Arabic', async ({ page }) => {
  for (const [path, language, text] of [['/shop/face', 'fr-MA', 'creme'], ['/ar/shop/face', 'ar-MA', 'اركان']] as const) {
    await page.goto(`${stack.url}${path}`);
    const { box, suggestions } = await openSearch(page, language);
    await typeInto(box, text);
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    const { violations, passes } = await new AxeBuilder({ page }).include('header[data-remote="mf_frame"]').analyze();
    expect(passes.length).toBeGreaterThan(10);
    expect(violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) })), language).toEqual([]);
  }
});
