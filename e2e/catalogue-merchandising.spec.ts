import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { MERCHANDISING_MESSAGES, type MerchandisedProductsPage } from '@shop/contracts/merchandising';
import { formatMad } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { addOperatorWithCommand, logIn } from './support/operations';
import { stackForThisFile } from './support/stack';
import { expect, interactiveAfterLoad, test } from './support/test';

/**
 * A merchandiser runs the catalogue from the console (issue 61): a product created in French and Arabic is found in the
 * shop's listing and search in both languages, its new price and Arabic name are on its pages, and two merchandisers
 * saving the same product at once see the second save refused with the current values beside what was typed.
 */
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
const tokens: Record<string, string> = {};
const stack = stackForThisFile({
  env: { OPERATORS_FILE: operatorsFile },
  beforeStart: async () => {
    for (const name of ['amina', 'youssef'] as const) tokens[name] = await addOperatorWithCommand(name, { OPERATORS_FILE: operatorsFile });
  },
});
// The second test edits the product the first created.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

const PRODUCT = {
  slug: 'huile-figue-barbarie-e2e',
  fr: { name: 'Huile de figue de Barbarie', description: 'Une huile sèche, pressée à froid, pour le visage.' },
  ar: { name: 'زيت التين الشوكي', description: 'زيت جاف معصور على البارد للوجه.' },
};

const catalogueSection = (page: Page) => page.locator('section#catalogue');
const editor = (page: Page, name: string) => catalogueSection(page).getByRole('form', { name: `Modifier ${name}` });

async function seriousViolations(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The product found in the console's list by its search, then opened to edit. */
async function openProduct(page: Page, query: string, name: string): Promise<Locator> {
  const section = catalogueSection(page);
  await section.getByRole('search', { name: 'Rechercher des produits' }).getByRole('searchbox').fill(query);
  await section.getByRole('search', { name: 'Rechercher des produits' }).getByRole('button', { name: 'Rechercher' }).click();
  await section.getByRole('table', { name: 'Produits' }).getByRole('button', { name: `Modifier ${name}` }).click();
  const form = editor(page, name);
  await expect(form).toBeVisible();
  return form;
}

async function loggedInPage(browser: Browser, name: 'amina' | 'youssef'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = interactiveAfterLoad(await context.newPage());
  await logIn(page, stack.url, name);
  return page;
}

/** The shop's card of the product in a listing page. */
const card = (page: Page, id: string) => catalogContent(page).locator(`li[data-product-id="${id}"]`);

test('a merchandiser creates a product in French and Arabic, the shop lists and finds it, its price and Arabic name change', async ({ page, request }) => {
  await logIn(page, stack.url, 'amina');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Catalogue' }).click();
  const section = catalogueSection(page);
  await expect(section.getByRole('table', { name: 'Produits' })).toBeVisible();
  expect(await seriousViolations(page, 'section#catalogue')).toEqual([]);

  // « Nouveau produit », the texts side by side, the Arabic ones right to left.
  await section.getByRole('button', { name: 'Nouveau produit' }).click();
  const form = section.getByRole('form', { name: 'Nouveau produit' });
  await expect(page.getByRole('heading', { name: 'Nouveau produit' })).toBeFocused();
  await form.getByLabel('Nom (français)').fill(PRODUCT.fr.name);
  await form.getByLabel('Description (français)').fill(PRODUCT.fr.description);
  await expect(form.getByLabel('Nom (arabe)')).toHaveAttribute('dir', 'rtl');
  await expect(form.getByLabel('Nom (arabe)')).toHaveAttribute('lang', 'ar');
  await form.getByLabel('Nom (arabe)').fill(PRODUCT.ar.name);
  await form.getByLabel('Description (arabe)').fill(PRODUCT.ar.description);
  await form.getByLabel('Adresse (slug)').fill(PRODUCT.slug);
  await form.getByLabel('Catégorie').selectOption({ label: 'Visage' });
  await form.getByLabel('Prix (MAD)').fill('249');
  await form.getByLabel('Stock initial (unités)').fill('20');
  expect(await seriousViolations(page, 'section#catalogue')).toEqual([]);
  await form.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(editor(page, PRODUCT.fr.name)).toBeVisible();
  await expect(section.getByText(`${PRODUCT.fr.name} créé (version 1).`)).toBeVisible();

  // The same list through the API, with the operator's token, as a script would read it.
  const listed = await request.get(`${stack.url}/operations/api/catalogue/products?q=${encodeURIComponent('figue')}`, { headers: { Authorization: `Bearer ${tokens['amina']}` } });
  expect(listed.status()).toBe(200);
  const created = ((await listed.json()) as MerchandisedProductsPage).products.find((p) => p.slug === PRODUCT.slug)!;
  expect(created).toMatchObject({ category: 'face', price: 249, onHand: 20, archived: false, version: 1 });

  // The shop finds it, in French and in Arabic.
  const shop = interactiveAfterLoad(await page.context().newPage());
  await shop.goto(`${stack.url}/shop/all?q=${encodeURIComponent('figue de barbarie')}`);
  await expect(card(shop, created.id)).toContainText(PRODUCT.fr.name);
  await expect(card(shop, created.id)).toContainText(formatMad(249));
  await shop.goto(`${stack.url}/ar/shop/all?q=${encodeURIComponent('التين الشوكي')}`);
  await expect(card(shop, created.id)).toContainText(PRODUCT.ar.name);
  // Search engines learn of it at once: the sitemap's product file names its page.
  const sitemap = await request.get(`${stack.url}/sitemaps/products-1.fr-MA.xml`);
  expect(await sitemap.text()).toContain(`/shop/product/${PRODUCT.slug}</loc>`);
  // The newest of the face care listing.
  await shop.goto(`${stack.url}/shop/face?sort=nouveautes`);
  await expect(card(shop, created.id)).toBeVisible();
  // A shopper puts it in their cart at 249.
  await card(shop, created.id).getByRole('button', { name: /ajouter au panier/i }).click();
  const cartPrice = async () => ((await (await shop.request.get(`${stack.url}/api/cart`)).json()) as { cart: Array<{ productId: string; price: number }> }).cart.find((line) => line.productId === created.id)?.price;
  await expect.poll(cartPrice).toBe(249);

  // A new price, then its page and the cart that holds it show it.
  const edit = editor(page, PRODUCT.fr.name);
  await edit.getByLabel('Prix (MAD)').fill('199,90');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section.getByText(`${PRODUCT.fr.name} enregistré (version 2).`)).toBeVisible();
  await shop.goto(`${stack.url}/shop/product/${PRODUCT.slug}`);
  await expect(pageHeading(shop)).toHaveText(PRODUCT.fr.name);
  await expect(catalogContent(shop)).toContainText(formatMad(199.9));
  expect(await cartPrice()).toBe(199.9);

  // A new Arabic name, on the Arabic page.
  const arabicName = 'زيت التين الشوكي الأصيل';
  await edit.getByLabel('Nom (arabe)').fill(arabicName);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section.getByText(`${PRODUCT.fr.name} enregistré (version 3).`)).toBeVisible();
  await shop.goto(`${stack.url}/ar/shop/product/${PRODUCT.slug}`);
  await expect(pageHeading(shop)).toHaveText(arabicName);

  // The product's history and the journal say who changed what.
  const history = section.getByRole('table', { name: `Modifications de ${PRODUCT.fr.name}` });
  await expect(history.getByRole('row').nth(1)).toContainText('amina');
  await expect(history.getByRole('row').nth(1)).toContainText(`Nom (arabe) : ${PRODUCT.ar.name} → ${arabicName}`);
  await expect(section.getByRole('table', { name: 'Modifications récentes du catalogue' })).toContainText(PRODUCT.fr.name);
  expect(await seriousViolations(page, 'section#catalogue')).toEqual([]);

  // A photo from a phone, its GPS position in its EXIF, described in both languages.
  const photo = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#b06a3b', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 37/1 0/1' } })
    .jpeg()
    .toBuffer();
  const photos = edit.page().locator('section[aria-labelledby="photos-title"]');
  await photos.getByLabel('Photo (JPEG, PNG ou WebP, 10 Mo au plus)').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await photos.getByLabel('Texte de la photo (français)').fill('Le flacon d’huile sur une pierre');
  await photos.getByLabel('Texte de la photo (arabe)').fill('قارورة الزيت على حجر');
  await photos.getByRole('button', { name: 'Ajouter la photo' }).click();
  await expect(section.getByText(`Photo ajoutée à ${PRODUCT.fr.name}.`)).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page, 'section#catalogue')).toEqual([]);

  // The shop serves it as AVIF, WebP or JPEG at the width a screen needs, in the listing and on its page, cleaned.
  await shop.goto(`${stack.url}/shop/face?sort=nouveautes`);
  const sources = card(shop, created.id).locator('picture source');
  await expect(sources).toHaveCount(2);
  await expect(sources.first()).toHaveAttribute('type', 'image/avif');
  await expect(sources.first()).toHaveAttribute('srcset', /\/images\/photos\/[0-9a-f]{16}\/320x320\.avif 320w,.*1600x1600\.avif 1600w$/);
  await expect(card(shop, created.id).locator('picture img')).toHaveAttribute('sizes', /50vw$/);
  await shop.goto(`${stack.url}/ar/shop/product/${PRODUCT.slug}`);
  const hero = shop.locator('picture img').first();
  await expect(hero).toHaveAttribute('alt', 'قارورة الزيت على حجر');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  const largest = (await hero.getAttribute('srcset'))!.split(',').at(-1)!.split(' ')[0]!;
  const served = await shop.request.get(`${stack.url}${largest}`);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();
  expect(await shop.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/\/images\/photos\/[0-9a-f]{16}\/share\.jpg$/);

  // Through the console's API, as a script would send them: not a photo, and a decompression bomb, both refused.
  const upload = (body: Buffer) =>
    request.post(`${stack.url}/operations/api/catalogue/products/${created.id}/photos?version=99&alt.fr-MA=x&alt.ar-MA=x`, {
      headers: { Authorization: `Bearer ${tokens['amina']}`, 'Content-Type': 'image/jpeg' },
      data: body,
    });
  const fake = await upload(Buffer.from('un texte enregistré sous le nom photo.jpg'));
  expect([fake.status(), ((await fake.json()) as { error: { code: string } }).error.code]).toEqual([415, 'unsupported_image']);
  const bomb = await upload(await sharp({ create: { width: 6500, height: 6400, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 1 }).toBuffer());
  expect([bomb.status(), ((await bomb.json()) as { error: { code: string } }).error.code]).toEqual([422, 'image_too_large']);
  await shop.close();
});

test('two merchandisers save the same product: the second sees the current values beside what they typed, and re-applies', async ({ browser, request }) => {
  const [amina, youssef] = [await loggedInPage(browser, 'amina'), await loggedInPage(browser, 'youssef')];
  const mine = await openProduct(amina, 'figue', PRODUCT.fr.name);
  const theirs = await openProduct(youssef, 'figue', PRODUCT.fr.name);

  // Youssef saves a new price first.
  await theirs.getByLabel('Prix (MAD)').fill('179');
  await theirs.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(catalogueSection(youssef).getByText(/enregistré \(version \d+\)\./)).toBeVisible();

  // Amina, from the version she read, changes the French description: refused, and compared.
  const description = 'Une huile sèche et légère, pressée à froid, pour le visage et le cou.';
  await mine.getByLabel('Description (français)').fill(description);
  await mine.getByRole('button', { name: 'Enregistrer' }).click();
  const section = catalogueSection(amina);
  await expect(section.getByRole('alert').filter({ hasText: MERCHANDISING_MESSAGES.staleVersion })).toBeVisible();
  const comparison = section.getByRole('table', { name: /^Votre saisie et la version actuelle/ });
  await expect(comparison.getByRole('row', { name: /^Prix \(différent\)/ })).toContainText(formatMad(179));
  await expect(comparison.getByRole('row', { name: /^Description \(français\) \(différent\)/ })).toContainText(description);
  expect(await seriousViolations(amina, 'section#catalogue')).toEqual([]);

  // Her change on the current version: his price kept, her description saved.
  await section.getByRole('button', { name: 'Reporter mes modifications sur la version actuelle' }).click();
  await expect(mine.getByLabel('Prix (MAD)')).toHaveValue('179');
  await mine.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section.getByText(/enregistré \(version \d+\)\./)).toBeVisible();
  const shop = interactiveAfterLoad(await amina.context().newPage());
  await shop.goto(`${stack.url}/shop/product/${PRODUCT.slug}`);
  await expect(catalogContent(shop)).toContainText(formatMad(179));
  await expect(catalogContent(shop)).toContainText(description);

  // Archived, it leaves the shop.
  await section.getByRole('button', { name: 'Archiver' }).click();
  await expect(section.getByText(`${PRODUCT.fr.name} est archivé.`)).toBeVisible();
  const listed = await request.get(`${stack.url}/operations/api/catalogue/products?archived=true&q=${PRODUCT.slug}`, { headers: { Authorization: `Bearer ${tokens['amina']}` } });
  const [archived] = ((await listed.json()) as MerchandisedProductsPage).products;
  expect(archived).toMatchObject({ slug: PRODUCT.slug, archived: true });
  await shop.goto(`${stack.url}/shop/all?q=${encodeURIComponent('figue de barbarie')}`);
  await expect(pageHeading(shop)).toBeVisible();
  // The seed's serum, whose name also says « huile de figue de Barbarie », is still found; the archived product is not.
  await expect(catalogContent(shop).locator('li[data-product-id]')).not.toHaveCount(0);
  await expect(card(shop, archived!.id)).toHaveCount(0);
  const sitemap = await request.get(`${stack.url}/sitemaps/products-1.fr-MA.xml`);
  expect(await sitemap.text()).not.toContain(`/shop/product/${PRODUCT.slug}</loc>`);
  await shop.goto(`${stack.url}/shop/product/${PRODUCT.slug}`);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await amina.context().close();
  await youssef.context().close();
});
