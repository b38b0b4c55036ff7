import { productsInCategory, type Product } from '@shop/contracts/products';
import { pageRoutes, pathTo, type PageRouteDef } from '@shop/contracts/routes';
import { searchEntries, type SearchEntry } from './search-entries';
import { escapeHtml } from '@shop/server-kit/escape-html';
import type { Absolute } from './structured-data';

/** One `<url>` of the sitemap: the page's canonical URL and, where the catalogue says, the day it last changed. */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const latest = (products: readonly Product[]) => products.reduce<string | undefined>((day, p) => (day && day > p.updatedAt ? day : p.updatedAt), undefined);

/** The day a page's content last changed, from the catalogue it lists (a listing, the home page, a product layout). */
function lastChange(route: PageRouteDef, products: readonly Product[]): string | undefined {
  if ('category' in route.props) return latest(productsInCategory(products, route.props.category));
  const catalogueModules: readonly string[] = ['mf_catalog_pages/HomePage', 'mf_catalog_pages/ListingPage', 'mf_catalog_pages/FeaturedProductPage'];
  return catalogueModules.includes(route.module) ? latest(products) : undefined;
}

/**
 * Every page search engines should index, once, by its canonical URL: the route table's pages without a URL parameter
 * that are indexable and their own canonical (search-entries.ts), then every product page with its `updatedAt`.
 */
export function sitemapUrls(products: readonly Product[], absolute: Absolute): SitemapUrl[] {
  const pages = (pageRoutes as readonly PageRouteDef[]).flatMap((route): SitemapUrl[] => {
    const entry: SearchEntry = searchEntries[route.path];
    if ('param' in route || entry.index === false || entry.canonical) return [];
    const lastmod = lastChange(route, products);
    return [{ loc: absolute(route.path), ...(lastmod ? { lastmod } : {}) }];
  });
  const productPages = products.map((p) => ({ loc: absolute(pathTo('/shop/product/:slug', p.slug)), lastmod: p.updatedAt }));
  return [...pages, ...productPages];
}

/** The sitemaps.org 0.9 document (at most 50,000 URLs: far more than the shop has). */
export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) => `  <url>\n    <loc>${escapeHtml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`;
}
