import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { readJsonBody } from '@shop/server-kit/json-body';
import {
  MERCHANDISING_MAX_PAGE_SIZE,
  MERCHANDISING_MESSAGES,
  MERCHANDISING_PAGE_SIZE,
  type MerchandisedProduct,
  type MerchandisedProductResponse,
} from '@shop/contracts/merchandising';
import { ApiError } from '../http/api-error';
import { sendJson } from '../http/send-json';
import { SlugTakenError, type MerchandisingStore } from '../store/merchandising';
import { answerRefusal, authorOf, productIdOf } from '../http/merchandising-answers';
import { PLACEHOLDER_IMAGE, versionedImage } from './catalogue-file';
import { productBodies } from './product-bodies';

export interface MerchandisingDeps {
  store: MerchandisingStore;
  /** The operators' authentication (adminAuth): release-control calls these routes with ADMIN_TOKEN. */
  authenticated: Middleware;
  publicDir: string;
  bodyLimitBytes: number;
  logger: Logger;
}

/**
 * The catalogue as merchandisers run it (decision 043; contracts/src/merchandising.ts lists the routes). Every write
 * is logged with its operator; refusals are the envelope in French: 400 with a message per field, 404, and 409 for a
 * stale version (with the product as it is now), a slug already taken or stock that would fall below zero.
 */
export function registerMerchandisingRoutes(router: Router, deps: MerchandisingDeps): void {
  const { store, authenticated, logger } = deps;
  const body = (ctx: Context) => readJsonBody(ctx, deps.bodyLimitBytes);

  /** A write's outcome as the API answers it. */
  const answer = async (ctx: Context, write: () => Promise<MerchandisedProduct>, status = 200) => {
    try {
      const product = await write();
      const response: MerchandisedProductResponse = { product };
      sendJson(ctx, response, status);
      return product;
    } catch (error) {
      answerRefusal(ctx, error);
      return undefined;
    }
  };
  const slugTaken = (slug: string) => (error: unknown) => {
    if (error instanceof SlugTakenError) throw new ApiError(409, 'slug_taken', MERCHANDISING_MESSAGES.slugTaken(slug), { extra: { fields: { slug: MERCHANDISING_MESSAGES.slugTaken(slug) } } });
    throw error;
  };

  router.get('/admin/products', authenticated, async (ctx) => {
    const q = typeof ctx.query['q'] === 'string' ? ctx.query['q'].slice(0, 200) : undefined;
    const cursor = typeof ctx.query['cursor'] === 'string' ? ctx.query['cursor'] : undefined;
    const limitText = typeof ctx.query['limit'] === 'string' ? ctx.query['limit'] : String(MERCHANDISING_PAGE_SIZE);
    const limit = /^[1-9][0-9]{0,2}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit <= MERCHANDISING_MAX_PAGE_SIZE)) {
      throw new ApiError(400, 'validation_failed', `limit : un nombre de 1 à ${MERCHANDISING_MAX_PAGE_SIZE}.`);
    }
    sendJson(ctx, await store.merchandisedProducts({ q, archived: ctx.query['archived'] === 'true' || ctx.query['archived'] === '1', cursor, limit }));
  });

  router.post('/admin/products', authenticated, async (ctx) => {
    const draft = productBodies.draft(await body(ctx));
    const image = versionedImage(deps.publicDir, PLACEHOLDER_IMAGE);
    const author = authorOf(ctx);
    const product = await answer(ctx, () => store.createProduct(draft, image ? [image] : [], author).catch(slugTaken(draft.slug)), 201);
    if (product) logger.info({ product: product.id, operator: author.by }, 'product created');
  });

  router.get('/admin/products/:id', authenticated, async (ctx) => {
    const product = await store.merchandisedProduct(productIdOf(ctx));
    if (!product) throw new ApiError(404, 'product_not_found', MERCHANDISING_MESSAGES.productNotFound);
    const response: MerchandisedProductResponse = { product };
    sendJson(ctx, response);
  });

  router.put('/admin/products/:id', authenticated, async (ctx) => {
    const id = productIdOf(ctx);
    const edit = productBodies.edit(await body(ctx));
    const author = authorOf(ctx);
    const product = await answer(ctx, () => store.updateProduct(id, edit, author).catch(slugTaken(edit.slug)));
    if (product) logger.info({ product: id, operator: author.by, version: product.version }, 'product updated');
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`/admin/products/:id/${action}`, authenticated, async (ctx) => {
      const id = productIdOf(ctx);
      const version = productBodies.version(await body(ctx));
      const author = authorOf(ctx);
      const product = await answer(ctx, () => store.setArchived(id, archived, version, author));
      if (product) logger.info({ product: id, operator: author.by, archived }, archived ? 'product archived' : 'product restored');
    });
  }

  router.post('/admin/products/:id/stock', authenticated, async (ctx) => {
    const id = productIdOf(ctx);
    const { delta, reason } = productBodies.adjustment(await body(ctx));
    const author = authorOf(ctx);
    const product = await answer(ctx, () => store.adjustProductStock(id, delta, reason, author));
    if (product) logger.info({ product: id, operator: author.by, delta, onHand: product.onHand }, 'stock adjusted from the console');
  });

  router.get('/admin/products/:id/audit', authenticated, async (ctx) => {
    const cursor = typeof ctx.query['cursor'] === 'string' ? ctx.query['cursor'] : undefined;
    sendJson(ctx, await store.catalogueAudit(productIdOf(ctx), cursor));
  });

  router.get('/admin/catalogue/audit', authenticated, async (ctx) => {
    const cursor = typeof ctx.query['cursor'] === 'string' ? ctx.query['cursor'] : undefined;
    sendJson(ctx, await store.catalogueAudit(null, cursor));
  });
}
