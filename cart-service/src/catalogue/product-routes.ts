import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseProductQuery, SITEMAP_URLS_PER_FILE, type ProductQueryProblem, type SitemapFilesResponse } from '@shop/contracts/product-query';
import type { ProductResponse, ProductsResponse } from '@shop/contracts/products';
import { ApiError, messagesIn, type Messages } from '../http/api-error';
import { languageOf } from '../http/language';
import { CursorError, type CatalogueStore } from '../store/catalogue';

/**
 * Availability changes with orders, so answers are revalidated each time (`no-cache`); an unchanged answer costs a
 * bodiless 304 thanks to an ETag of its content.
 */
const CATALOGUE_CACHE = 'no-cache';

const problemMessage: Record<ProductQueryProblem, (m: Messages) => string> = {
  category: (m) => m.categoryInvalid,
  sort: (m) => m.sortInvalid,
  price: (m) => m.priceRangeInvalid,
  limit: (m) => m.limitInvalid,
  cursor: (m) => m.cursorInvalid,
  flag: (m) => m.flagInvalid,
  ids: (m) => m.idsInvalid,
  repeated: (m) => m.parameterRepeated,
};

/**
 * The catalogue, read from the database (decision 041), each answer in the language the request asked for (`?lang=`,
 * else `Accept-Language`: http/language.ts); slugs, ids and prices are the same in every language.
 *   GET /api/products?category=&q=&sort=&prix=&promo=&dispo=&limit=&cursor=   one page of a listing (product-query.ts)
 *   GET /api/products/:idOrSlug                                              a product and its related products
 *   GET /api/sitemap/products                                                how many sitemap files the products fill
 *   GET /api/sitemap/products/:file                                          one file's products, as NDJSON, streamed
 * A bad parameter is a 400 naming it, an unknown product a 404.
 */
export function registerProductRoutes(router: Router, catalogue: CatalogueStore): void {
  router.get('/api/products', async (ctx) => {
    const locale = languageOf(ctx);
    const parsed = parseProductQuery(new URLSearchParams(ctx.querystring));
    if (!parsed.ok) throw new ApiError(400, 'validation_failed', problemMessage[parsed.problem](messagesIn[locale]));
    let body: ProductsResponse;
    try {
      body = await catalogue.listProducts(parsed.query, locale);
    } catch (error) {
      if (error instanceof CursorError) throw new ApiError(400, 'validation_failed', messagesIn[locale].cursorInvalid);
      throw error;
    }
    sendRevalidated(ctx, body);
  });

  router.get('/api/products/:idOrSlug', async (ctx) => {
    const locale = languageOf(ctx);
    const key = ctx.params.idOrSlug ?? ''; // decoded by the router (left as is when malformed)
    const found = key.length <= 64 ? await catalogue.productPage(key, locale) : undefined;
    if (!found) throw new ApiError(404, 'product_not_found', messagesIn[locale].productNotFound);
    const body: ProductResponse = found;
    sendRevalidated(ctx, body);
  });

  router.get('/api/sitemap/products', async (ctx) => {
    const total = await catalogue.productCount();
    ctx.set('Cache-Control', 'no-cache');
    const body: SitemapFilesResponse = { products: total, files: Math.max(1, Math.ceil(total / SITEMAP_URLS_PER_FILE)) };
    ctx.body = body;
  });

  router.get('/api/sitemap/products/:file', async (ctx) => {
    const file = /^[1-9][0-9]{0,4}$/.test(ctx.params.file ?? '') ? Number(ctx.params.file) : NaN;
    const total = await catalogue.productCount();
    if (!(file >= 1 && (file - 1) * SITEMAP_URLS_PER_FILE < Math.max(total, 1))) {
      throw new ApiError(404, 'not_found', messagesIn[languageOf(ctx)].sitemapFileNotFound);
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Type', 'application/x-ndjson; charset=utf-8');
    ctx.status = 200;
    const out = new PassThrough();
    ctx.body = out;
    catalogue
      .sitemapProducts((file - 1) * SITEMAP_URLS_PER_FILE, SITEMAP_URLS_PER_FILE, async (chunk) => {
        const text = chunk.map((product) => JSON.stringify(product)).join('\n') + '\n';
        if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
      })
      .then(() => out.end())
      .catch((error: unknown) => out.destroy(error as Error));
  });
}

function sendRevalidated(ctx: Context, body: unknown): void {
  const text = JSON.stringify(body);
  ctx.set('Cache-Control', CATALOGUE_CACHE);
  ctx.set('ETag', `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  ctx.body = text;
}
