import { expect, test } from './support/test';
import type { Product } from '@shop/contracts/products';
import { setStock } from './support/admin-api';
import { products } from './support/cart';
import { catalogContent, expectNoFallback, pageHeading, PLACEHOLDER_TEXT, trackFailedRequests } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();
let catalogue: Product[];
// The featured product: the first on promotion; the stock layouts show the first product in that stock state, so one
// of each is set up here (stock is real, the layouts follow it).
const ON_SALE = 'sv-001';
test.beforeAll(async ({ request }) => {
  await setStock(stack, 'sh-005', 0);
  await setStock(stack, 'sc-003', 2);
  catalogue = await products(request, stack.url);
});

const byId = (id: string) => catalogue.find((p) => p.id === id)!.name;
const firstWith = (status: Product['availability']['status']) => catalogue.find((p) => p.availability.status === status)!.name;

/** Every route this remote serves, with its French heading (a function when it comes from the catalogue). */
const routes: [string, string | (() => string)][] = [
  ['/', 'Des soins naturels, inspirés du Maroc'],
  ['/index2', 'Des soins naturels, inspirés du Maroc'],
  ['/shop/all', 'Tous nos produits'],
  ['/shop/face', 'Soins du visage'],
  ['/shop/body', 'Soins du corps'],
  ['/shop/hair', 'Soins capillaires'],
  ['/shop/pack', 'Packs'],
  ['/shop/checkout', 'Paiement'],
  ['/shop', 'Boutique'],
  ['/shop/right-sidebar', 'Tous nos soins'],
  ['/shop/left-sidebar', 'Nos soins naturels'],
  ['/shop/category-on-top', 'Nos soins par univers'],
  ['/shop/standard', 'Le catalogue en détail'],
  ['/shop/slider', 'Nos sélections'],
  ['/shop/full-width', 'Toute la boutique'],
  ['/shop/filter-top', 'Trouver le bon soin'],
  ['/shop/filter-dropdown', 'Filtrer nos produits'],
  ['/load-more', 'Découvrir nos produits'],
  ['/infinity', 'Toute la gamme Maison Argane'],
  ['/category', 'Nos catégories'],
  ['/shop/quick-view', () => byId(ON_SALE)],
  ['/shop/double-image', () => byId(ON_SALE)],
  ['/shop/video-popup', () => byId(ON_SALE)],
  ['/shop/countdown', () => byId(ON_SALE)],
  ['/shop/product-with-size-variation', () => byId(ON_SALE)],
  ['/shop/notify-me', () => firstWith('out-of-stock')],
  ['/shop/low-stock-notice', () => firstWith('low-stock')],
  ['/shop/out-of-stock', () => firstWith('out-of-stock')],
  ['/shop/product-default', () => byId(ON_SALE)],
  ['/shop/accordion', () => byId(ON_SALE)],
  ['/shop/vertical', () => byId(ON_SALE)],
  ['/shop/full-content', () => byId(ON_SALE)],
  ['/shop/product-thumb-left', () => byId(ON_SALE)],
  ['/shop/product-thumb-bottom', () => byId(ON_SALE)],
  ['/shop/product-full-width', () => byId(ON_SALE)],
  ['/shop/scroll-1-column', () => byId(ON_SALE)],
  ['/shop/gallery-grid', () => byId(ON_SALE)],
  ['/shop/whistlist', 'Ma liste d’envies'],
  ['/my-account', 'Mon compte'],
  ['/order-tracking', 'Suivi de commande'],
  ['/about-us', 'À propos de Maison Argane'],
  ['/our-brand', 'Notre marque'],
  ['/gift-card', 'Carte cadeau'],
  ['/faq', 'Questions fréquentes'],
  ['/contact', 'Nous contacter'],
  ['/shop-list', 'Nos points de vente'],
  ['/blog-grid', 'Le journal Maison Argane'],
  ['/blog-masonary', 'Le journal Maison Argane'],
  ['/blog-grid-right-sidebar', 'Le journal Maison Argane'],
  ['/blog-grid-left-sidebar', 'Le journal Maison Argane'],
  ['/blog-standard-right-sidebar', 'Le journal Maison Argane'],
  ['/blog-standard-left-sidebar', 'Le journal Maison Argane'],
  ['/blog-details', 'Une routine visage simple autour de l’argan'],
];

test('every route shows its French heading, real content and no placeholder text; every link leads somewhere real', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const failed = trackFailedRequests(page);
  const links = new Set<string>();
  for (const [path, heading] of routes) {
    await test.step(path, async () => {
      await page.goto(`${stack.url}${path}`);
      const expected = typeof heading === 'function' ? heading() : heading;
      await expect(pageHeading(page), path).toHaveText(expected);
      await expectNoFallback(page);
      await expect(catalogContent(page)).not.toContainText('Chargement');
      const text = await catalogContent(page).innerText();
      expect(text.length, `${path} has content beyond its heading`).toBeGreaterThan(expected.length + 80);
      expect(text, `${path} has no placeholder or English template copy`).not.toMatch(PLACEHOLDER_TEXT);
      await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
      for (const href of await catalogContent(page).locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        links.add(href);
      }
    });
  }
  expect(failed, 'no image or API call failed').toEqual([]);

  // Every in-shop link of these pages: product links must name a real product, others must render a real page.
  const known = new Set(routes.map(([p]) => p));
  const slugs = new Set(catalogue.map((p) => p.slug));
  for (const href of links) {
    const { pathname } = new URL(href, stack.url);
    if (pathname.startsWith('/shop/product/')) {
      expect(slugs.has(decodeURIComponent(pathname.slice('/shop/product/'.length))), href).toBe(true);
    } else if (!known.has(pathname)) {
      // Not one of this remote's routes (e.g. mf_cart's /shop/cart): it must still not be the 404 page.
      await page.goto(`${stack.url}${href}`);
      await expect(page.getByRole('heading', { level: 1 }), href).not.toHaveText(/Page introuvable|indisponible/);
    }
  }
});

test('a product page shows the product; an unknown slug shows the shell’s 404 page', async ({ page }) => {
  const product = catalogue.find((p) => p.oldPrice === undefined)!;
  await page.goto(`${stack.url}/shop/product/${product.slug}`);
  await expect(pageHeading(page)).toHaveText(product.name);
  await expect(catalogContent(page)).toContainText(product.description);
  await expect(catalogContent(page).getByRole('img', { name: product.name })).toBeVisible();

  await page.goto(`${stack.url}/shop/product/ce-produit-n-existe-pas`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
});

test('the blog links each article to its own page, with the products it mentions', async ({ page }) => {
  await page.goto(`${stack.url}/blog-grid`);
  await expect(pageHeading(page)).toHaveText('Le journal Maison Argane');
  const cards = catalogContent(page).getByRole('heading', { level: 2 }).getByRole('link');
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  const title = (await cards.nth(1).innerText()).trim();
  await cards.nth(1).click();
  await expect(pageHeading(page)).toHaveText(title);
  await expect(page).toHaveURL(/\/blog-details\?article=/);
  await expect(catalogContent(page).getByRole('heading', { name: 'Les soins de cet article' })).toBeVisible();
});
