import type Router from '@koa/router';
import type { ProductResponse, ProductsResponse } from '@shop/contracts/products';
import { ApiError, messages } from '../http/api-error';
import { sendJson } from '../http/send-json';
import { CATEGORIES, type Catalogue } from './load-catalogue';

const CATALOGUE_CACHE = 'public, max-age=300';

/**
 * GET /api/products[?category=face|body|hair|pack] (also `all`, the listing page's name for no filter; anything
 * else, or the parameter given twice, is 400) and GET /api/products/:idOrSlug (404 when unknown).
 */
export function registerProductRoutes(router: Router, catalogue: Catalogue): void {
  router.get('/api/products', (ctx) => {
    const category = ctx.query.category;
    let products = catalogue.products;
    if (category !== undefined && category !== 'all') {
      if (typeof category !== 'string' || !(CATEGORIES as readonly string[]).includes(category)) {
        throw new ApiError(400, 'validation_failed', messages.categoryInvalid);
      }
      products = products.filter((p) => p.category === category);
    }
    ctx.set('Cache-Control', CATALOGUE_CACHE);
    const body: ProductsResponse = { products: [...products] };
    sendJson(ctx, body);
  });

  router.get('/api/products/:idOrSlug', (ctx) => {
    const key = ctx.params.idOrSlug ?? ''; // decoded by the router (left as is when malformed)
    const product = key.length <= 64 ? catalogue.byIdOrSlug(key) : undefined;
    if (!product) throw new ApiError(404, 'product_not_found', messages.productNotFound);
    ctx.set('Cache-Control', CATALOGUE_CACHE);
    const body: ProductResponse = { product };
    sendJson(ctx, body);
  });
}
