import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { parse, type HTMLElement } from 'node-html-parser';
import { validateXML } from 'xmllint-wasm';
import { SITEMAP_INDEX_SCHEMA, sitemapSchema } from '../shell/server/seo/sitemap-schema';
import { IMAGE_RENDITION } from '@shop/contracts/images';
import type { Product } from '@shop/contracts/products';
import { pathTo } from '@shop/contracts/routes';
import { products } from './support/cart';
import { stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { expect, test } from './support/test';

/** The shop as crawlers reach it behind a proxy: every absolute URL it writes names this origin, not the loopback. */
const PUBLIC_URL = 'https://www.maison-argane.ma';
const stack = stackForThisFile({ env: { PUBLIC_URL } });

/** The server's HTML, read as a crawler or a link preview reads it: no browser, no script run. */
async function head(request: APIRequestContext, path: string) {
  const response = await request.get(`${stack.url}${path}`, { headers: { accept: 'text/html' }, maxRedirects: 0 });
  const document = parse(await response.text());
  const meta = (key: string) => document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
  const jsonLd = document.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent) as Record<string, unknown>);
  const ofType = (type: string) => jsonLd.find((d) => d['@type'] === type) as Record<string, unknown> | undefined;
  return {
    status: response.status(),
    document,
    lang: document.querySelector('html')?.getAttribute('lang'),
    description: meta('description'),
    robots: meta('robots'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    meta,
    jsonLd,
    ofType,
  };
}

/** The visible breadcrumb's labels, and the JSON-LD BreadcrumbList's names, in order. */
const visibleCrumbs = (document: HTMLElement) => document.querySelectorAll('nav[aria-label="Fil d’Ariane"] li').map((li) => li.textContent.trim());
const listedCrumbs = (list: Record<string, unknown> | undefined) => ((list?.itemListElement ?? []) as { name: string; position: number }[]).map((i) => i.name);

test('the home page says what the shop is, and names the shop and its search for search engines', async ({ request }) => {
  const page = await head(request, '/');
  expect(page.status).toBe(200);
  expect(page.lang).toBe('fr-MA');
  expect(page.description).toMatch(/^Maison Argane, cosmétiques naturels du Maroc/);
  expect(page.canonical).toBe(`${PUBLIC_URL}/`);
  expect(page.robots).toBeUndefined();
  expect([page.meta('og:type'), page.meta('og:url'), page.meta('og:site_name'), page.meta('og:locale')]).toEqual(['website', `${PUBLIC_URL}/`, 'Maison Argane', 'fr_MA']);
  expect(page.meta('og:description')).toBe(page.description);
  // Shared in a message, the home page shows a product's picture (the first of its offers), as PNG.
  const [first] = await products(request, stack.url, 'promo=1');
  expect(page.meta('og:image')).toBe(`${PUBLIC_URL}${first!.images[0]!.replace('.svg', '.png')}`);
  expect(page.ofType('Organization')).toMatchObject({ '@context': 'https://schema.org', name: 'Maison Argane', url: `${PUBLIC_URL}/` });
  expect(page.ofType('WebSite')).toMatchObject({
    potentialAction: { '@type': 'SearchAction', target: `${PUBLIC_URL}/shop/all?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
  });
});

test('a category page describes its products from the catalogue; query variants name the listing as canonical', async ({ request }) => {
  const face = (await products(request, stack.url)).filter((p) => p.category === 'face');
  const page = await head(request, '/shop/face?sort=prix-croissant');
  expect(page.status).toBe(200);
  expect(page.description).toContain(`Soins du visage Maison Argane : ${face.length} soins naturels`);
  expect(page.canonical).toBe(`${PUBLIC_URL}/shop/face`);
  expect(page.meta('og:title')).toBe('Soins du visage · Maison Argane');
  // The first product the page shows (the cheapest, sorted so) pictures it.
  const cheapest = [...face].sort((a, b) => a.price - b.price)[0]!;
  expect(page.meta('og:image')).toBe(`${PUBLIC_URL}${cheapest.images[0]!.replace('.svg', '.png')}`);
  expect(visibleCrumbs(page.document)).toEqual(['Accueil', 'Boutique', 'Soins du visage']);
  expect(listedCrumbs(page.ofType('BreadcrumbList'))).toEqual(visibleCrumbs(page.document));
  expect((await head(request, '/shop/left-sidebar')).canonical).toBe(`${PUBLIC_URL}/shop/all`);
});

test('a product page: price and image for link previews, Product data whose price is the catalogue\'s, its breadcrumb', async ({ request }) => {
  const product = (await products(request, stack.url)).find((p) => p.oldPrice !== undefined) as Product;
  const path = pathTo('/shop/product/:slug', product.slug);
  const page = await head(request, path);
  expect(page.status).toBe(200);
  expect(page.canonical).toBe(`${PUBLIC_URL}${path}`);
  expect(page.description).toContain(product.name);
  expect([page.meta('og:type'), page.meta('og:title'), page.meta('og:url')]).toEqual(['product', `${product.name} · Maison Argane`, page.canonical]);
  expect([page.meta('product:price:amount'), page.meta('product:price:currency')]).toEqual([product.price.toFixed(2), 'MAD']);
  expect(page.meta('twitter:card')).toBe('summary_large_image');

  const data = page.ofType('Product') as { name: string; sku: string; image: string[]; offers: Record<string, unknown> };
  expect(data).toMatchObject({ '@context': 'https://schema.org', name: product.name, description: product.description, sku: product.id });
  expect(data.offers).toMatchObject({ '@type': 'Offer', price: product.price, priceCurrency: 'MAD', url: page.canonical });
  expect(data.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/);
  expect(visibleCrumbs(page.document).at(-1)).toBe(product.name);
  expect(listedCrumbs(page.ofType('BreadcrumbList'))).toEqual(visibleCrumbs(page.document));

  // og:image is the PNG rendition (link previews do not show SVG), with its real size.
  const image = new URL(page.meta('og:image') ?? '');
  expect(image.origin).toBe(PUBLIC_URL);
  expect(image.pathname).toMatch(/\.png$/);
  expect(data.image[0]).toBe(image.href);
  const png = await request.get(`${stack.url}${image.pathname}${image.search}`);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([IMAGE_RENDITION.width, IMAGE_RENDITION.height]);
  expect([page.meta('og:image:width'), page.meta('og:image:height'), page.meta('og:image:type')]).toEqual(['1200', '1200', 'image/png']);
});

test('a content page has its own description and breadcrumb data', async ({ request }) => {
  const page = await head(request, '/about-us');
  expect(page.status).toBe(200);
  expect(page.description).toMatch(/^Qui sommes-nous : Maison Argane/);
  expect(page.canonical).toBe(`${PUBLIC_URL}/about-us`);
  expect(listedCrumbs(page.ofType('BreadcrumbList'))).toEqual(['Accueil', 'À propos']);
  expect(visibleCrumbs(page.document)).toEqual(['Accueil', 'À propos']);
});

test('the checkout, an order and a 404 are kept out of search results; an alias redirects to the spec\'s path', async ({ request }) => {
  for (const path of ['/shop/checkout', '/shop/order/MA-2026-000001', '/shop/product/does-not-exist', '/nulle-part']) {
    const page = await head(request, path);
    expect(page.robots, path).toBe('noindex, follow');
    expect(page.ofType('Product'), path).toBeUndefined();
  }
  expect((await head(request, '/nulle-part')).canonical).toBeUndefined();
  expect((await head(request, '/shop/face')).robots).toBeUndefined();
  const alias = await request.get(`${stack.url}/shop/wishlist?from=menu`, { maxRedirects: 0 });
  expect(alias.status()).toBe(301);
  expect(alias.headers()['location']).toBe('/shop/whistlist?from=menu');
});

test('/sitemap.xml indexes sitemap files that validate against the sitemaps.org schema and list every product; /robots.txt names it', async ({ request }) => {
  const response = await request.get(`${stack.url}/sitemap.xml`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
  const index = await response.text();
  const indexValidation = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: index }], ...SITEMAP_INDEX_SCHEMA });
  expect(indexValidation.errors).toEqual([]);
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
  expect(files.map((file) => file.origin)).toEqual(files.map(() => PUBLIC_URL));
  expect(files.map((file) => file.pathname)).toEqual(['/sitemaps/pages.xml', '/sitemaps/products-1.fr-MA.xml', '/sitemaps/products-1.ar-MA.xml']);
  // The sitemaps.org schema, as the sitemap package (sitemap.js) ships it, and the hreflang alternates (decision 036).
  const sitemapXsd = await readFile(resolve(repoRoot, 'node_modules/sitemap/schema/sitemap.xsd'), 'utf8');
  let xml = '';
  for (const file of files) {
    const answer = await request.get(`${stack.url}${file.pathname}`);
    expect(answer.status(), file.pathname).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const text = await answer.text();
    const validation = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: text }], ...sitemapSchema(sitemapXsd) });
    expect(validation.errors, file.pathname).toEqual([]);
    expect(validation.valid).toBe(true);
    xml += text;
  }
  for (const product of await products(request, stack.url)) {
    for (const prefix of ['', '/ar']) {
      expect(xml).toMatch(new RegExp(`<loc>${PUBLIC_URL}${prefix}${pathTo('/shop/product/:slug', product.slug)}</loc>\n    <lastmod>${product.updatedAt.slice(0, 10)}`));
    }
  }
  expect(xml).toContain(`<loc>${PUBLIC_URL}/shop/face</loc>`);
  expect(xml).toContain(`<loc>${PUBLIC_URL}/ar/shop/face</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ar-MA" href="${PUBLIC_URL}/ar/shop/face"/>`);
  expect(xml).not.toContain('/shop/checkout');

  const robots = await request.get(`${stack.url}/robots.txt`);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await robots.text();
  expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  expect(text).toContain('Disallow: /shop/checkout');
});

test('after a client-side navigation the head no longer describes the first page; the title follows the spec\'s rule', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${PUBLIC_URL}/shop/face`);
  await page.locator('main a[href^="/shop/product/"]').first().click();
  await expect(page).toHaveURL(/\/shop\/product\//);
  await expect(page).toHaveTitle(/^Maison Argane \/shop\/product\//);
  await expect(page.locator('head [data-page-meta]')).toHaveCount(0);
});
