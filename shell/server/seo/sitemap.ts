import { localizedPath, SHOP_LOCALES } from '@shop/contracts/locales';
import { productsInCategory, type Product } from '@shop/contracts/products';
import { pageRoutes, pathTo, type PageRouteDef } from '@shop/contracts/routes';
import { alternatesOf, type Alternate } from './alternates';
import { searchEntries, type SearchEntry } from './search-entries';
import { escapeHtml } from '@shop/server-kit/escape-html';
import type { Absolute } from './structured-data';

/**
 * One `<url>` of the sitemap: the page's canonical URL in one language, where the catalogue says the day it last
 * changed, and the same page in every language (`<xhtml:link rel="alternate" hreflang>`, as its `<head>` says).
 */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  alternates?: readonly Alternate[];
}

const latest = (products: readonly Product[]) => products.reduce<string | undefined>((day, p) => (day && day > p.updatedAt ? day : p.updatedAt), undefined);

/** The day a page's content last changed, from the catalogue it lists (a listing, the home page, a product layout). */
function lastChange(route: PageRouteDef, products: readonly Product[]): string | undefined {
  if ('category' in route.props) return latest(productsInCategory(products, route.props.category));
  const catalogueModules: readonly string[] = ['mf_catalog_pages/HomePage', 'mf_catalog_pages/ListingPage', 'mf_catalog_pages/FeaturedProductPage'];
  return catalogueModules.includes(route.module) ? latest(products) : undefined;
}

/**
 * Every page search engines should index, once per language, by its canonical URL: the route table's pages without a
 * URL parameter that are indexable and their own canonical (search-entries.ts), then every product page with its
 * `updatedAt`. Each names its alternates, the same page in every language (decision 036).
 */
export function sitemapUrls(products: readonly Product[], absolute: Absolute): SitemapUrl[] {
  const inEveryLanguage = (path: string, lastmod: string | undefined): SitemapUrl[] => {
    const alternates = alternatesOf(path, absolute);
    return SHOP_LOCALES.map((locale) => ({ loc: absolute(localizedPath(locale, path)), ...(lastmod ? { lastmod } : {}), alternates }));
  };
  const pages = (pageRoutes as readonly PageRouteDef[]).flatMap((route): SitemapUrl[] => {
    const entry: SearchEntry = searchEntries[route.path];
    if ('param' in route || entry.index === false || entry.canonical) return [];
    return inEveryLanguage(route.path, lastChange(route, products));
  });
  const productPages = products.flatMap((p) => inEveryLanguage(pathTo('/shop/product/:slug', p.slug), p.updatedAt));
  return [...pages, ...productPages];
}

/** The sitemaps.org 0.9 document (at most 50,000 URLs: far more than the shop has), with hreflang alternates in XHTML's namespace. */
export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod, alternates = [] }) => {
    const links = alternates.map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}"/>\n`);
    return `  <url>\n    <loc>${escapeHtml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}${links.join('')}  </url>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('')}</urlset>\n`;
}
