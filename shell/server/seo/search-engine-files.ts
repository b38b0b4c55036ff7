import type { Middleware } from 'koa';
import type { Product } from '@shop/contracts/products';
import { readOnlyPath } from '@shop/server-kit/read-only-path';
import { robotsTxt } from './robots-txt';
import { sitemapUrls, sitemapXml } from './sitemap';
import type { Absolute } from './structured-data';
import { ApiError, sendApiError } from '@shop/server-kit/api-error';

export interface SearchEngineFilesOptions {
  absolute: Absolute;
  /** The catalogue as cart-service has it now; null when it does not answer. */
  products(): Promise<readonly Product[] | null>;
}

/** robots.txt changes only with PUBLIC_URL; the sitemap with the catalogue, so crawlers may keep it a few minutes. */
const ROBOTS_CACHE = 'public, max-age=3600';
const SITEMAP_CACHE = 'public, max-age=600';

/**
 * GET/HEAD /robots.txt and /sitemap.xml (other methods: 405, read-only-path.ts). Without the catalogue the sitemap
 * answers 503 with Retry-After, not stored: a sitemap missing every product would tell search engines the products
 * are gone.
 */
export function searchEngineFiles({ absolute, products }: SearchEngineFilesOptions): Middleware[] {
  const robots = readOnlyPath('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', ROBOTS_CACHE);
    ctx.body = robotsTxt(absolute);
  });
  const sitemap = readOnlyPath('/sitemap.xml', async (ctx) => {
    const catalogue = await products();
    if (!catalogue) {
      sendApiError(ctx, new ApiError(503, 'catalogue_unavailable', 'Le catalogue est momentanément indisponible.', { headers: { 'Retry-After': '60' } }));
      return;
    }
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', SITEMAP_CACHE);
    ctx.body = sitemapXml(sitemapUrls(catalogue, absolute));
  });
  return [robots, sitemap];
}
