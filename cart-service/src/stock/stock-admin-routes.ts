import type Router from '@koa/router';
import { z } from 'zod';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AdminStockResponse, StockLevelResponse } from '@shop/contracts/stock';
import { stockLevelOf } from '../store/availability';
import type { CatalogueProduct, CatalogueStore } from '../store/catalogue';
import { ApiError, messagesIn } from '../http/api-error';
import { languageOf, perLocale } from '../http/language';
import { readJsonBody } from '@shop/server-kit/json-body';
import { sendJson } from '../http/send-json';
import { validateBody } from '../http/validate-body';
import type { StockStore } from '../store/sql-stock';

export interface StockAdminDeps {
  stock: StockStore;
  catalogue: CatalogueStore;
  /** The operators' authentication (adminAuth). */
  authenticated: Middleware;
  bodyLimitBytes: number;
  logger: Logger;
}

const MAX_STOCK = 1_000_000;

/** Exactly one integer field each, within the bounds (validateBody refuses anything else with its message). */
const stockBodies = {
  set: z.strictObject({ onHand: z.number().int().min(0).max(MAX_STOCK) }),
  adjust: z.strictObject({ delta: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).refine((n) => n !== 0) }),
  refusals: perLocale((locale) => ({ locale, fields: { onHand: messagesIn[locale].stockInvalid, delta: messagesIn[locale].stockDeltaInvalid } })),
};

/**
 * Operators' stock routes, beside /admin/orders (same token, same rate limit):
 *   GET  /admin/stock                            every catalogue product's units on hand and availability
 *   PUT  /admin/stock/:productId {onHand}        the quantity counted on the shelf
 *   POST /admin/stock/:productId/adjust {delta}  units received (+) or written off (-); 409 below zero
 * Names and refusals are in the request's language (French unless it asks for another).
 */
export function registerStockAdminRoutes(router: Router, deps: StockAdminDeps): void {
  const { stock, catalogue, authenticated, logger } = deps;

  const productOf = async (ctx: Context, id: string | undefined): Promise<CatalogueProduct> => {
    const locale = languageOf(ctx);
    const product = id ? (await catalogue.productsById([id], locale)).byId(id) : undefined;
    if (!product) throw new ApiError(404, 'product_not_found', messagesIn[locale].productNotFound);
    return product;
  };

  router.get('/admin/stock', authenticated, async (ctx) => {
    const answer: AdminStockResponse = { stock: await catalogue.stockList(languageOf(ctx)) };
    sendJson(ctx, answer);
  });

  router.put('/admin/stock/:productId', authenticated, async (ctx) => {
    const product = await productOf(ctx, ctx.params['productId']);
    const { onHand } = validateBody(stockBodies.set, await readJsonBody(ctx, deps.bodyLimitBytes), stockBodies.refusals[languageOf(ctx)]);
    await stock.setStock(product.id, onHand, Date.now());
    logger.info({ product: product.id, onHand }, 'stock counted');
    const answer: StockLevelResponse = { stock: stockLevelOf(product, onHand) };
    sendJson(ctx, answer);
  });

  router.post('/admin/stock/:productId/adjust', authenticated, async (ctx) => {
    const product = await productOf(ctx, ctx.params['productId']);
    const { delta } = validateBody(stockBodies.adjust, await readJsonBody(ctx, deps.bodyLimitBytes), stockBodies.refusals[languageOf(ctx)]);
    const result = await stock.adjustStock(product.id, delta, Date.now());
    if (!result.ok) throw new ApiError(409, 'out_of_stock', messagesIn[languageOf(ctx)].stockBelowZero(product.name, result.onHand));
    logger.info({ product: product.id, delta, onHand: result.onHand }, 'stock adjusted');
    const answer: StockLevelResponse = { stock: stockLevelOf(product, result.onHand) };
    sendJson(ctx, answer);
  });
}
