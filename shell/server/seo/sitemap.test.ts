import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Product } from '@shop/contracts/products';
import { robotsTxt } from './robots-txt';
import { sitemapUrls, sitemapXml } from './sitemap';

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

/** The sitemaps.org schema, as the `sitemap` package (sitemap.js) ships it. */
const schema = async () =>
  readFile(join(dirname(createRequire(import.meta.url).resolve('sitemap/package.json')), 'schema/sitemap.xsd'), 'utf8');

describe('sitemap', () => {
  it('validates against the sitemaps.org schema', async () => {
    const result = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: sitemapXml(sitemapUrls(products, absolute)) }], schema: [await schema()] });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('fails the schema for a malformed date (the check above can fail)', async () => {
    const xml = sitemapXml([{ loc: absolute('/'), lastmod: '9 novembre' }]);
    expect((await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [await schema()] })).valid).toBe(false);
  });

  it('lists indexable pages once by their canonical URL, every product with its day, not the private pages', () => {
    const urls = sitemapUrls(products, absolute);
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toEqual(expect.arrayContaining([absolute('/'), absolute('/shop/face'), absolute('/about-us'), absolute('/shop/countdown')]));
    for (const hidden of ['/shop/checkout', '/shop/cart', '/my-account', '/order-tracking', '/shop/left-sidebar', '/index2', '/error']) {
      expect(locs, hidden).not.toContain(absolute(hidden));
    }
    expect(urls).toContainEqual({ loc: absolute('/shop/product/a%26b'), lastmod: '2026-11-02' });
    expect(urls).toContainEqual({ loc: absolute('/shop/face'), lastmod: '2026-11-02' });
    expect(urls).toContainEqual({ loc: absolute('/'), lastmod: '2026-11-09' });
    expect(sitemapXml(urls)).toContain('<loc>https://www.maison-argane.ma/shop/product/a%26b</loc>');
  });
});

describe('robots.txt', () => {
  it('allows the shop, disallows the checkout, orders and operators\' paths, and names the sitemap', () => {
    const text = robotsTxt(absolute);
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/shop/checkout', '/shop/order/', '/remotes.json', '/remotes/']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://www.maison-argane.ma/sitemap.xml\n');
  });
});
