import { localizedPath, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { SITEMAP_URLS_PER_FILE, type SitemapProduct } from '@shop/contracts/product-query';
import { pageRoutes, pathTo, type PageRouteDef } from '@shop/contracts/routes';
import { alternatesOf, type Alternate } from './alternates';
import { searchEntries, type SearchEntry } from './search-entries';
import { escapeHtml } from '@shop/server-kit/escape-html';
import type { Absolute } from './structured-data';

/**
 * The sitemap at any catalogue size (decision 041): `/sitemap.xml` is an index of files of at most
 * SITEMAP_URLS_PER_FILE URLs each: the shop's pages in one, then each product file of cart-service
 * (`/api/sitemap/products/:file`, the same size) once per language, so no file goes over the limit.
 */
export const SITEMAP_FILES = {
  index: '/sitemap.xml',
  pages: '/sitemaps/pages.xml',
  products: (file: number, locale: ShopLocale) => `/sitemaps/products-${file}.${locale}.xml`,
} as const;
const PRODUCTS_FILE = /^\/sitemaps\/products-([1-9][0-9]{0,4})\.([a-z]{2}-[A-Z]{2})\.xml$/;

/** The product file a path names, or null. */
export function productsFileOf(path: string): { file: number; locale: ShopLocale } | null {
  const match = PRODUCTS_FILE.exec(path);
  const locale = SHOP_LOCALES.find((shopLocale) => shopLocale === match?.[2]);
  return match && locale ? { file: Number(match[1]), locale } : null;
}

/**
 * One `<url>` of the sitemap: the page's canonical URL in one language, the day it last changed when known, and the
 * same page in every language (`<xhtml:link rel="alternate" hreflang>`, as its `<head>` says).
 */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  alternates?: readonly Alternate[];
}

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

function urlXml({ loc, lastmod, alternates = [] }: SitemapUrl): string {
  const links = alternates.map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}"/>\n`);
  return `  <url>\n    <loc>${escapeHtml(loc)}</loc>\n${lastmod ? `    <lastmod>${escapeHtml(lastmod)}</lastmod>\n` : ''}${links.join('')}  </url>\n`;
}

/**
 * The shop's own pages search engines should index, once per language, by their canonical URL: the route table's
 * pages without a URL parameter that are indexable and their own canonical (search-entries.ts), each naming its
 * alternates (decision 036). Product pages are in the products files.
 */
export function pageUrls(absolute: Absolute): SitemapUrl[] {
  return (pageRoutes as readonly PageRouteDef[]).flatMap((route): SitemapUrl[] => {
    const entry: SearchEntry = searchEntries[route.path];
    if ('param' in route || entry.index === false || entry.canonical) return [];
    const alternates = alternatesOf(route.path, absolute);
    return SHOP_LOCALES.map((locale) => ({ loc: absolute(localizedPath(locale, route.path)), alternates }));
  });
}

/** A product page's URL in one language, with the day the catalogue last changed it. */
export function productUrl({ slug, updatedAt }: SitemapProduct, locale: ShopLocale, absolute: Absolute): SitemapUrl {
  const path = pathTo('/shop/product/:slug', slug);
  return { loc: absolute(localizedPath(locale, path)), lastmod: updatedAt, alternates: alternatesOf(path, absolute) };
}

/** A small sitemaps.org 0.9 document, whole (the pages file), with hreflang alternates in XHTML's namespace. */
export function sitemapXml(urls: readonly SitemapUrl[]): string {
  return `${URLSET_OPEN}${urls.map(urlXml).join('')}${URLSET_CLOSE}`;
}

/**
 * A products file as it is read: the document's text a few entries at a time, as cart-service's lines come, so a
 * file of 50,000 products is never one string in memory. At most SITEMAP_URLS_PER_FILE URLs, whatever it is given.
 */
export async function* productsSitemapXml(products: AsyncIterable<SitemapProduct>, locale: ShopLocale, absolute: Absolute): AsyncGenerator<string> {
  yield URLSET_OPEN;
  let batch = '';
  let count = 0;
  for await (const product of products) {
    if (++count > SITEMAP_URLS_PER_FILE) break;
    batch += urlXml(productUrl(product, locale, absolute));
    if (batch.length >= 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}${URLSET_CLOSE}`;
}

/** The sitemap index: the pages file, then each products file in every language. */
export function sitemapIndexXml(productFiles: number, absolute: Absolute): string {
  const files: string[] = [SITEMAP_FILES.pages];
  for (let file = 1; file <= productFiles; file++) for (const locale of SHOP_LOCALES) files.push(SITEMAP_FILES.products(file, locale));
  const entries = files.map((path) => `  <sitemap>\n    <loc>${escapeHtml(absolute(path))}</loc>\n  </sitemap>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** cart-service's NDJSON lines (`{"slug","updatedAt"}`) as they arrive; a malformed line ends the file with an error. */
export async function* ndjsonProducts(body: AsyncIterable<Uint8Array>): AsyncGenerator<SitemapProduct> {
  const decoder = new TextDecoder();
  let rest = '';
  const parse = (line: string): SitemapProduct => {
    const value = JSON.parse(line) as Partial<SitemapProduct>;
    if (typeof value.slug !== 'string' || typeof value.updatedAt !== 'string') throw new Error(`not a sitemap product: ${line.slice(0, 80)}`);
    return { slug: value.slug, updatedAt: value.updatedAt };
  };
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield parse(line);
  }
  rest += decoder.decode();
  if (rest.trim()) yield parse(rest);
}
