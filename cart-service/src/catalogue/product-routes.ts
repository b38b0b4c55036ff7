import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ProductResponse, ProductsResponse } from '@shop/contracts/products';
import { ApiError, messagesIn } from '../http/api-error';
import { languageOf } from '../http/language';
import type { StockStore } from '../store/sql-stock';
import { withAvailability } from '../store/availability';
import type { Catalogue } from '../store/catalogue';
import { CATEGORIES } from './load-catalogue';

/**
 * Availability changes with orders, so answers are revalidated each time (`no-cache`); an unchanged answer costs a
 * bodiless 304 thanks to an ETag of its content.
 */
const CATALOGUE_CACHE = 'no-cache';

/**
 * GET /api/products[?category=face|body|hair|pack] (also `all`, the listing page's name for no filter; anything
 * else, or the parameter given twice, is 400) and GET /api/products/:idOrSlug (404 when unknown). Each product carries
 * its availability, read from stock for this answer, and its name and description in the language the request asked
 * for (`?lang=ar-MA`, else `Accept-Language`, with `Vary: Accept-Language` then: http/language.ts); slugs, ids and
 * prices are the same in every language.
 */
export function registerProductRoutes(router: Router, catalogue: Catalogue, stock: Pick<StockStore, 'stockLevels'>): void {
  router.get('/api/products', async (ctx) => {
    const locale = languageOf(ctx);
    const category = ctx.query.category;
    let products = catalogue.in(locale).products;
    if (category !== undefined && category !== 'all') {
      if (typeof category !== 'string' || !(CATEGORIES as readonly string[]).includes(category)) {
        throw new ApiError(400, 'validation_failed', messagesIn[locale].categoryInvalid);
      }
      products = products.filter((p) => p.category === category);
    }
    const levels = await stock.stockLevels();
    const body: ProductsResponse = { products: products.map((product) => withAvailability(product, levels)) };
    sendRevalidated(ctx, body);
  });

  router.get('/api/products/:idOrSlug', async (ctx) => {
    const locale = languageOf(ctx);
    const key = ctx.params.idOrSlug ?? ''; // decoded by the router (left as is when malformed)
    const product = key.length <= 64 ? catalogue.in(locale).byIdOrSlug(key) : undefined;
    if (!product) throw new ApiError(404, 'product_not_found', messagesIn[locale].productNotFound);
    const body: ProductResponse = { product: withAvailability(product, await stock.stockLevels()) };
    sendRevalidated(ctx, body);
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
