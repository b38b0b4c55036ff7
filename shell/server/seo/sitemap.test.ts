import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { SITEMAP_URLS_PER_FILE, type SitemapProduct } from '@shop/contracts/product-query';
import { robotsTxt } from './robots-txt';
import { ndjsonProducts, pageUrls, productsFileOf, productsSitemapXml, sitemapIndexXml, sitemapXml } from './sitemap';
import { SITEMAP_INDEX_SCHEMA, sitemapSchema } from './sitemap-schema';

const absolute = (path: string) => `https://www.maison-argane.ma${path}`;
const products: SitemapProduct[] = [
  { slug: 'a&b', updatedAt: '2026-11-02' },
  { slug: 'c', updatedAt: '2026-11-09T10:00:00.000Z' },
];

/** The sitemaps.org schema, as the sitemap package (sitemap.js) ships it, with the hreflang alternates' declaration. */
const sitemapXsd = readFileSync(join(dirname(createRequire(import.meta.url).resolve('sitemap/package.json')), 'schema/sitemap.xsd'), 'utf8');
const validate = async (xml: string) => validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], ...sitemapSchema(sitemapXsd) });

async function* each<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) yield item;
}
async function text(chunks: AsyncIterable<string>): Promise<{ xml: string; chunks: number }> {
  let xml = '';
  let count = 0;
  for await (const chunk of chunks) {
    xml += chunk;
    count++;
  }
  return { xml, chunks: count };
}

describe('sitemap files', () => {
  it('validates against the sitemaps.org schema, pages and products files, hreflang alternates included', async () => {
    for (const xml of [sitemapXml(pageUrls(absolute)), (await text(productsSitemapXml(each(products), 'ar-MA', absolute))).xml]) {
      const result = await validate(xml);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('fails the schema for a malformed date or a malformed alternate (the check above can fail)', async () => {
    expect((await validate(sitemapXml([{ loc: absolute('/'), lastmod: '9 novembre' }]))).valid).toBe(false);
    const badLanguage = sitemapXml([{ loc: absolute('/'), alternates: [{ hreflang: 'fr MA' as 'fr-MA', href: absolute('/') }] }]);
    expect((await validate(badLanguage)).valid).toBe(false);
    expect((await validate(sitemapXml(pageUrls(absolute)).replace(' xmlns:xhtml="http://www.w3.org/1999/xhtml"', ''))).valid).toBe(false);
  });

  it('lists indexable pages once per language by their canonical URL, not the private pages nor the variants', () => {
    const locs = pageUrls(absolute).map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toEqual(expect.arrayContaining([absolute('/'), absolute('/shop/face'), absolute('/about-us'), absolute('/shop/countdown')]));
    expect(locs).toEqual(expect.arrayContaining([absolute('/ar'), absolute('/ar/shop/face'), absolute('/ar/about-us'), absolute('/ar/shop/countdown')]));
    expect(locs.filter((loc) => loc.startsWith(absolute('/ar')))).toHaveLength(locs.length / 2);
    for (const hidden of ['/shop/checkout', '/shop/cart', '/my-account', '/order-tracking', '/shop/left-sidebar', '/index2', '/error']) {
      expect(locs, hidden).not.toContain(absolute(hidden));
      expect(locs, hidden).not.toContain(absolute(`/ar${hidden}`));
    }
    expect(sitemapXml(pageUrls(absolute))).toContain(
      [
        '  <url>',
        '    <loc>https://www.maison-argane.ma/ar</loc>',
        '    <xhtml:link rel="alternate" hreflang="fr-MA" href="https://www.maison-argane.ma/"/>',
        '    <xhtml:link rel="alternate" hreflang="ar-MA" href="https://www.maison-argane.ma/ar"/>',
        '    <xhtml:link rel="alternate" hreflang="x-default" href="https://www.maison-argane.ma/"/>',
        '  </url>',
      ].join('\n'),
    );
  });

  it('writes each product in one language with its lastmod and its alternates, a few entries at a time', async () => {
    const { xml } = await text(productsSitemapXml(each(products), 'fr-MA', absolute));
    expect(xml).toContain('<loc>https://www.maison-argane.ma/shop/product/a%26b</loc>\n    <lastmod>2026-11-02</lastmod>\n');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ar-MA" href="https://www.maison-argane.ma/ar/shop/product/a%26b"/>');
    expect(xml).toContain('<lastmod>2026-11-09T10:00:00.000Z</lastmod>');
    const arabic = (await text(productsSitemapXml(each(products), 'ar-MA', absolute))).xml;
    expect(arabic).toContain('<loc>https://www.maison-argane.ma/ar/shop/product/c</loc>');
    // 50,000 products: streamed in many chunks, and never more URLs than a file may hold.
    const many = Array.from({ length: SITEMAP_URLS_PER_FILE + 5 }, (_, i) => ({ slug: `p${i}`, updatedAt: '2026-11-02' }));
    const big = await text(productsSitemapXml(each(many), 'fr-MA', absolute));
    expect(big.chunks).toBeGreaterThan(100);
    expect(big.xml.split('<url>').length - 1).toBe(SITEMAP_URLS_PER_FILE);
  });

  it('indexes the pages file and each products file in every language, valid as a sitemaps.org index', async () => {
    const xml = sitemapIndexXml(2, absolute);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      absolute('/sitemaps/pages.xml'),
      absolute('/sitemaps/products-1.fr-MA.xml'),
      absolute('/sitemaps/products-1.ar-MA.xml'),
      absolute('/sitemaps/products-2.fr-MA.xml'),
      absolute('/sitemaps/products-2.ar-MA.xml'),
    ]);
    const result = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], ...SITEMAP_INDEX_SCHEMA });
    expect(result.errors).toEqual([]);
    expect(productsFileOf('/sitemaps/products-2.ar-MA.xml')).toEqual({ file: 2, locale: 'ar-MA' });
    for (const path of ['/sitemaps/products-0.fr-MA.xml', '/sitemaps/products-1.en-US.xml', '/sitemaps/products-1.xml']) expect(productsFileOf(path), path).toBeNull();
  });

  it('reads cart-service\'s NDJSON lines however they are cut', async () => {
    const body = '{"slug":"a","updatedAt":"2026-11-02"}\n{"slug":"b","updat' + 'edAt":"2026-11-03"}\n';
    const bytes = new TextEncoder().encode(body);
    const read: SitemapProduct[] = [];
    for await (const product of ndjsonProducts(each([bytes.slice(0, 20), bytes.slice(20, 50), bytes.slice(50)]))) read.push(product);
    expect(read).toEqual([
      { slug: 'a', updatedAt: '2026-11-02' },
      { slug: 'b', updatedAt: '2026-11-03' },
    ]);
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
