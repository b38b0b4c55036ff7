import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { LISTING_PAGE } from '@shop/contracts/product-query';
import { products } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
test.beforeAll(async ({ request }) => {
  catalogue = await products(request, stack.url);
});

const cards = (page: Page) => catalogContent(page).locator('[data-listing] > li');
const shownIds = (page: Page) => cards(page).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-product-id')!));
const shownPrices = (page: Page) =>
  catalogContent(page)
    .locator('[data-listing] > li [data-price]')
    .evaluateAll((ps) => ps.map((p) => Number(p.getAttribute('data-price'))));
const count = (page: Page) => catalogContent(page).getByRole('status');
/** What a listing's first page holds: the API's page size of a list. */
const firstPage = <T>(list: readonly T[]) => list.slice(0, LISTING_PAGE);
const countOf = (shown: number, total: number) => (shown < total ? `${shown} produits affichés sur ${total}` : `${total} produits`);
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

test('cards show a sized image, name, MAD price, the old price struck through with the discount, a link and the button', async ({
  page,
}) => {
  const onSale = firstPage(catalogue).find((p) => p.oldPrice !== undefined)!;
  await page.goto(`${stack.url}/shop/all`);
  await expect(count(page)).toHaveText(countOf(firstPage(catalogue).length, catalogue.length));
  const card = catalogContent(page).locator(`li[data-product-id="${onSale.id}"]`);
  const mad = (n: number) => new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' }).format(n);
  await expect(card.locator('strong')).toHaveText(mad(onSale.price));
  await expect(card.locator('s')).toHaveText(mad(onSale.oldPrice!));
  await expect(card).toContainText(`−${Math.round((1 - onSale.price / onSale.oldPrice!) * 100)} %`);
  await expect(card.getByRole('link', { name: onSale.name })).toHaveAttribute('href', `/shop/product/${onSale.slug}`);
  await expect(card.getByRole('button', { name: `Ajouter au panier : ${onSale.name}` })).toBeEnabled();
  const img = card.locator('img');
  await expect(img).toHaveAttribute('width', /\d+/);
  await expect(img).toHaveAttribute('height', /\d+/);
  // A drawing comes as a raster picture the browser decodes off the main thread (decision 049), at a phone card's width.
  const first = cards(page).first().locator('img');
  await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(await first.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/images\/products\/[a-z0-9-]+\.(320|480|640)w\.avif\?v=[0-9a-f]{10}$/);
  // The first row loads at once, the rest when scrolled to.
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(cards(page).last().locator('img')).toHaveAttribute('loading', 'lazy');

  await card.getByRole('link', { name: onSale.name }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/product/${onSale.slug}`);
  await expect(pageHeading(page)).toHaveText(onSale.name);
});

test('sorting by price and newness is kept in the URL and survives a reload', async ({ page }) => {
  await page.goto(`${stack.url}/shop/all`);
  await expect(cards(page)).toHaveCount(firstPage(catalogue).length);
  const sort = catalogContent(page).getByRole('combobox', { name: 'Trier par' });

  await sort.selectOption({ label: 'Prix croissant' });
  await expect(page).toHaveURL(/[?&]sort=prix-croissant/);
  await expect.poll(() => shownPrices(page)).toEqual(firstPage(catalogue.map((p) => p.price).sort((a, b) => a - b)));

  await sort.selectOption({ label: 'Prix décroissant' });
  await expect(page).toHaveURL(/[?&]sort=prix-decroissant/);
  await expect.poll(() => shownPrices(page)).toEqual(firstPage(catalogue.map((p) => p.price).sort((a, b) => b - a)));

  await sort.selectOption({ label: 'Nouveautés' });
  await expect(page).toHaveURL(/[?&]sort=nouveautes/);
  await expect.poll(() => shownIds(page)).toEqual(firstPage(catalogue.map((p) => p.id).reverse()));

  await page.reload();
  await expect(catalogContent(page).getByRole('combobox', { name: 'Trier par' })).toHaveValue('nouveautes');
  await expect.poll(() => shownIds(page)).toEqual(firstPage(catalogue.map((p) => p.id).reverse()));
});

test('the header’s search is the database’s, accent-insensitive: the same results with and without accents', async ({ page }) => {
  await page.goto(`${stack.url}/shop/all?q=${encodeURIComponent('crème')}`);
  await expect(catalogContent(page)).toContainText('Recherche : « crème »');
  await expect(cards(page).first()).toBeVisible();
  const withAccent = await shownIds(page);
  expect(withAccent.length).toBeGreaterThan(1);
  expect(withAccent.length).toBeLessThan(catalogue.length);
  for (const id of withAccent) {
    const p = catalogue.find((x) => x.id === id)!;
    expect(fold(`${p.name} ${p.description}`)).toContain('creme');
  }
  // Every product naming a crème is there.
  for (const p of catalogue.filter((x) => fold(x.name).includes('creme'))) expect(withAccent).toContain(p.id);

  await page.goto(`${stack.url}/shop/all?q=creme`);
  await expect(cards(page).first()).toBeVisible();
  expect(await shownIds(page)).toEqual(withAccent);

  await page.goto(`${stack.url}/shop/all?q=CREME`);
  await expect(cards(page).first()).toBeVisible();
  expect(await shownIds(page)).toEqual(withAccent);

  // "Kelâat" typed without its accent.
  await page.goto(`${stack.url}/shop/all?q=kelaat`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Kelâat');
});

test('the search category narrows the results; makeup and nonsense say so in French, with a way back', async ({ page }) => {
  await page.goto(`${stack.url}/shop/all?q=argan&category=hair`);
  await expect(cards(page).first()).toBeVisible();
  const ids = await shownIds(page);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(catalogue.find((p) => p.id === id)!.category).toBe('hair');
  await expect(catalogContent(page)).toContainText('dans « Soins capillaires »');

  await page.goto(`${stack.url}/shop/all?q=rouge&category=makeup`);
  await expect(catalogContent(page)).toContainText('Aucun produit ne correspond à votre recherche.');
  await expect(count(page)).toHaveText('Aucun produit');

  await page.goto(`${stack.url}/shop/all?q=xyzzy`);
  await expect(catalogContent(page)).toContainText('Aucun produit ne correspond à votre recherche.');
  await catalogContent(page).getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(page).toHaveURL(`${stack.url}/shop/all`);
  await expect(cards(page)).toHaveCount(firstPage(catalogue).length);
});

test('a failed load shows a French error with a retry that brings the products', async ({ page }) => {
  // The server hands a first page its catalogue; the browser reads it itself when the shopper moves to a listing
  // from a page that did not show it (the checkout), and that read fails here.
  await page.goto(`${stack.url}/shop/checkout`);
  await page.route('**/api/products?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'Le service est momentanément indisponible.' } }) }));
  await page.locator('footer a[href="/shop/body"]').click();
  await expect(page).toHaveURL(`${stack.url}/shop/body`);
  const alert = catalogContent(page).getByRole('alert');
  await expect(alert).toContainText('Les produits n’ont pas pu être chargés : Le service est momentanément indisponible.');
  await page.unroute('**/api/products?*');
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await expect(cards(page)).toHaveCount(catalogue.filter((p) => p.category === 'body').length);
  await expect(catalogContent(page).getByRole('alert')).toHaveCount(0);
});

test('filters in the sidebar narrow by price and promotion, in the URL', async ({ page }) => {
  await page.goto(`${stack.url}/shop/left-sidebar`);
  const filters = catalogContent(page).getByRole('region', { name: 'Filtres' });
  await filters.getByRole('radio', { name: 'Moins de 100 DH' }).check();
  await expect(page).toHaveURL(/prix=moins-100/);
  await expect(cards(page)).toHaveCount(firstPage(catalogue.filter((p) => p.price < 100)).length);
  await filters.getByRole('checkbox', { name: 'En promotion' }).check();
  await expect(page).toHaveURL(/promo=1/);
  await expect(cards(page)).toHaveCount(firstPage(catalogue.filter((p) => p.price < 100 && p.oldPrice !== undefined)).length);
  await filters.getByRole('radio', { name: 'Tous les prix' }).check();
  await expect(cards(page)).toHaveCount(firstPage(catalogue.filter((p) => p.oldPrice !== undefined)).length);
});

test('/load-more shows eight products, then eight more per click', async ({ page }) => {
  await page.goto(`${stack.url}/load-more`);
  await expect(cards(page)).toHaveCount(8);
  await expect(count(page)).toHaveText(`8 produits affichés sur ${catalogue.length}`);
  const more = catalogContent(page).getByRole('link', { name: 'Voir plus de produits' });
  await more.click();
  await expect(cards(page)).toHaveCount(16);
  while (await more.isVisible()) {
    const shown = await cards(page).count();
    await more.click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
  }
  await expect(cards(page)).toHaveCount(catalogue.length);
  await expect(catalogContent(page)).toContainText('Vous avez vu tous les produits de cette sélection.');
});

test('/infinity loads more products as the shopper scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${stack.url}/infinity`);
  await expect(cards(page)).toHaveCount(8);
  await page.mouse.wheel(0, 20_000);
  await expect.poll(async () => cards(page).count()).toBeGreaterThan(8);
  for (let i = 0; i < 6 && (await cards(page).count()) < catalogue.length; i++) {
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(async () => cards(page).count()).toBeGreaterThan(Math.min(8 * (i + 2), catalogue.length) - 1);
  }
  await expect(cards(page)).toHaveCount(catalogue.length);
});

test('the slider moves with its buttons and the category page links to every category', async ({ page }) => {
  await page.goto(`${stack.url}/shop/slider`);
  const track = catalogContent(page).locator('section').first().locator('ul');
  await expect(track.locator('> li').first()).toBeVisible();
  await catalogContent(page).getByRole('button', { name: 'Produits suivants : Soins du visage' }).click();
  await expect.poll(() => track.evaluate((ul) => ul.scrollLeft)).toBeGreaterThan(0);

  await page.goto(`${stack.url}/category`);
  for (const [label, path] of <[string, string][]>[
    ['Soins du visage', '/shop/face'],
    ['Soins du corps', '/shop/body'],
    ['Soins capillaires', '/shop/hair'],
    ['Packs', '/shop/pack'],
  ]) {
    const n = catalogue.filter((p) => `/shop/${p.category}` === path).length;
    await expect(catalogContent(page).getByRole('link', { name: `Voir les ${n} produits : ${label}` })).toHaveAttribute('href', path);
  }
});
