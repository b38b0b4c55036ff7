import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Product } from '@shop/contracts/products';
import { robotsTxt } from './robots-txt';
import { sitemapUrls, sitemapXml } from './sitemap';
import { sitemapSchema } from './sitemap-schema';

const absolute = (path: string) => `https://www.maison-argane.ma${path}`;
const product = (slug: string, category: Product['category'], updatedAt: string): Product => ({
  id: slug,
  slug,
  name: slug,
  description: 'Un soin naturel.',
  category,
  price: 100,
  images: [`/images/products/${slug}.svg`],
  updatedAt,
  availability: { status: 'in-stock' },
});
const products = [product('a&b', 'face', '2026-11-02'), product('c', 'hair', '2026-11-09')];

/**
 * The sitemaps.org schema, as the `sitemap` package (sitemap.js) ships it, with the declaration of the hreflang
 * alternates (`<xhtml:link>`) its `<url>` wildcard demands (processContents="strict"): one schema importing both.
 */
/** The sitemaps.org schema, as the sitemap package (sitemap.js) ships it. */
const sitemapXsd = readFileSync(join(dirname(createRequire(import.meta.url).resolve('sitemap/package.json')), 'schema/sitemap.xsd'), 'utf8');
const validate = async (xml: string) => validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], ...sitemapSchema(sitemapXsd) });

describe('sitemap', () => {
  it('validates against the sitemaps.org schema, its hreflang alternates included', async () => {
    const result = await validate(sitemapXml(sitemapUrls(products, absolute)));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('fails the schema for a malformed date or a malformed alternate (the check above can fail)', async () => {
    expect((await validate(sitemapXml([{ loc: absolute('/'), lastmod: '9 novembre' }]))).valid).toBe(false);
    const badLanguage = sitemapXml([{ loc: absolute('/'), alternates: [{ hreflang: 'fr MA' as 'fr-MA', href: absolute('/') }] }]);
    expect((await validate(badLanguage)).valid).toBe(false);
    // The XHTML namespace is declared: an undeclared prefix is not well-formed XML.
    expect((await validate(sitemapXml(sitemapUrls(products, absolute)).replace(' xmlns:xhtml="http://www.w3.org/1999/xhtml"', ''))).valid).toBe(false);
  });

  it('lists indexable pages once per language by their canonical URL, every product with its day, not the private pages', () => {
    const urls = sitemapUrls(products, absolute);
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toEqual(expect.arrayContaining([absolute('/'), absolute('/shop/face'), absolute('/about-us'), absolute('/shop/countdown')]));
    expect(locs).toEqual(expect.arrayContaining([absolute('/ar'), absolute('/ar/shop/face'), absolute('/ar/about-us'), absolute('/ar/shop/countdown')]));
    expect(locs.filter((loc) => loc.startsWith(absolute('/ar')))).toHaveLength(locs.length / 2);
    for (const hidden of ['/shop/checkout', '/shop/cart', '/my-account', '/order-tracking', '/shop/left-sidebar', '/index2', '/error']) {
      expect(locs, hidden).not.toContain(absolute(hidden));
      expect(locs, hidden).not.toContain(absolute(`/ar${hidden}`));
    }
    expect(urls).toContainEqual(expect.objectContaining({ loc: absolute('/shop/product/a%26b'), lastmod: '2026-11-02' }));
    expect(urls).toContainEqual(expect.objectContaining({ loc: absolute('/ar/shop/product/a%26b'), lastmod: '2026-11-02' }));
    expect(urls).toContainEqual(expect.objectContaining({ loc: absolute('/shop/face'), lastmod: '2026-11-02' }));
    expect(urls).toContainEqual(expect.objectContaining({ loc: absolute('/'), lastmod: '2026-11-09' }));
    expect(urls).toContainEqual(expect.objectContaining({ loc: absolute('/ar'), lastmod: '2026-11-09' }));
    expect(sitemapXml(urls)).toContain('<loc>https://www.maison-argane.ma/shop/product/a%26b</loc>\n    <lastmod>2026-11-02</lastmod>\n');
  });

  it('names each page in both languages and x-default (French) beside each of its URLs', () => {
    const urls = sitemapUrls(products, absolute);
    const alternates = [
      { hreflang: 'fr-MA', href: absolute('/shop/face') },
      { hreflang: 'ar-MA', href: absolute('/ar/shop/face') },
      { hreflang: 'x-default', href: absolute('/shop/face') },
    ];
    expect(urls.find((u) => u.loc === absolute('/shop/face'))?.alternates).toEqual(alternates);
    expect(urls.find((u) => u.loc === absolute('/ar/shop/face'))?.alternates).toEqual(alternates);
    for (const url of urls) expect(url.alternates?.map((a) => a.hreflang), url.loc).toEqual(['fr-MA', 'ar-MA', 'x-default']);
    const xml = sitemapXml(urls);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml).toContain(
      [
        '  <url>',
        '    <loc>https://www.maison-argane.ma/ar</loc>',
        '    <lastmod>2026-11-09</lastmod>',
        '    <xhtml:link rel="alternate" hreflang="fr-MA" href="https://www.maison-argane.ma/"/>',
        '    <xhtml:link rel="alternate" hreflang="ar-MA" href="https://www.maison-argane.ma/ar"/>',
        '    <xhtml:link rel="alternate" hreflang="x-default" href="https://www.maison-argane.ma/"/>',
        '  </url>',
      ].join('\n'),
    );
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ar-MA" href="https://www.maison-argane.ma/ar/shop/product/a%26b"/>');
  });
});

describe('robots.txt', () => {
  it('allows the shop, disallows the checkout and orders in every language and the operators\' paths, and names the sitemap', () => {
    const text = robotsTxt(absolute);
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/shop/checkout', '/shop/order/', '/remotes.json', '/remotes/']) expect(text).toContain(`Disallow: ${path}\n`);
    for (const path of ['/ar/shop/checkout', '/ar/shop/order/', '/ar/order-tracking']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toContain('/ar/remotes');
    expect(text).toContain('Sitemap: https://www.maison-argane.ma/sitemap.xml\n');
  });
});
