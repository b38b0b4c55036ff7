import { Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { readOnlyPath } from '@shop/server-kit/read-only-path';
import { robotsTxt } from './robots-txt';
import { ndjsonProducts, pageUrls, productsFileOf, productsSitemapXml, SITEMAP_FILES, sitemapIndexXml, sitemapXml } from './sitemap';
import type { Absolute } from './structured-data';
import { ApiError, methodNotAllowed, sendApiError } from '@shop/server-kit/api-error';

/** What the sitemap reads of cart-service (`/api/sitemap/products`), never the whole catalogue at once. */
export interface SitemapSource {
  /** How many products files there are; null when cart-service does not answer. */
  productFiles(): Promise<number | null>;
  /** One file's NDJSON lines as they come; 'missing' past the last file; null when cart-service does not answer. */
  products(file: number): Promise<AsyncIterable<Uint8Array> | 'missing' | null>;
}

export interface SearchEngineFilesOptions {
  absolute: Absolute;
  sitemap: SitemapSource;
}

/** robots.txt changes only with PUBLIC_URL; the sitemap with the catalogue, so crawlers may keep it a few minutes. */
const ROBOTS_CACHE = 'public, max-age=3600';
const SITEMAP_CACHE = 'public, max-age=600';
const XML = 'application/xml; charset=utf-8';

/**
 * Without the catalogue a sitemap answers 503 with Retry-After, not stored: a sitemap missing every product would
 * tell search engines the products are gone.
 */
function unavailable(ctx: Context): void {
  sendApiError(ctx, new ApiError(503, 'catalogue_unavailable', 'Le catalogue est momentanément indisponible.', { headers: { 'Retry-After': '60' } }));
}

/**
 * GET/HEAD /robots.txt, the sitemap index /sitemap.xml, its pages file and its products files (sitemap.ts); other
 * methods: 405. A products file is written as cart-service's lines come (a stream, never one 50,000-entry string).
 */
export function searchEngineFiles({ absolute, sitemap }: SearchEngineFilesOptions): Middleware[] {
  const robots = readOnlyPath('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', ROBOTS_CACHE);
    ctx.body = robotsTxt(absolute);
  });
  const index = readOnlyPath(SITEMAP_FILES.index, async (ctx) => {
    const files = await sitemap.productFiles();
    if (files === null) return unavailable(ctx);
    ctx.type = XML;
    ctx.set('Cache-Control', SITEMAP_CACHE);
    ctx.body = sitemapIndexXml(files, absolute);
  });
  const pages = readOnlyPath(SITEMAP_FILES.pages, (ctx) => {
    ctx.type = XML;
    ctx.set('Cache-Control', SITEMAP_CACHE);
    ctx.body = sitemapXml(pageUrls(absolute));
  });
  const products: Middleware = async (ctx, next) => {
    const wanted = productsFileOf(ctx.path);
    if (!wanted) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return methodNotAllowed(ctx, 'GET, HEAD');
    ctx.set('Cache-Control', 'no-store');
    const lines = await sitemap.products(wanted.file);
    if (lines === null) return unavailable(ctx);
    if (lines === 'missing') return sendApiError(ctx, new ApiError(404, 'not_found', 'Ce fichier du plan du site n’existe pas.'));
    ctx.type = XML;
    ctx.set('Cache-Control', SITEMAP_CACHE);
    ctx.body = Readable.from(productsSitemapXml(ndjsonProducts(lines), wanted.locale, absolute));
  };
  return [robots, index, pages, products];
}
