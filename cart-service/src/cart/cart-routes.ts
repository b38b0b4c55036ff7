import type { Router, RouterMiddleware } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { CartResponse } from '@shop/contracts/cart';
import type { CatalogueStore } from '../store/catalogue';
import { ApiError, messagesIn } from '../http/api-error';
import { languageOf } from '../http/language';
import { readJsonBody } from '@shop/server-kit/json-body';
import { validateBody } from '../http/validate-body';
import { openCartSession, sessionCartIdOf, touchCartSession } from '../http/cart-session';
import type { CartStore, StoredLine } from '../store/cart-store';
import { cartBodies } from './cart-bodies';
import { resolveCart } from '../store/resolve-cart';

export interface CartRouteDeps {
  store: CartStore;
  catalogue: CatalogueStore;
  session: Middleware;
  bodyLimitBytes: number;
  maxQuantity: number;
}

/**
 * GET /api/cart, POST /api/cart/add | update | remove. Every answer is the whole cart, `200 {cart}`, its names (read
 * from the catalogue, like prices) and its refusals in the language the request asked for (http/language.ts).
 * - add: quantity defaults to 1 and is added to an existing line; a total above the cap is refused (400), a total
 *   above the units on hand 409 `out_of_stock` (the order is what reserves them).
 * - update: absolute quantity of a line already in the cart; a line not in the cart answers 404 `product_not_found`
 *   (the cart may have changed in another tab: the client reloads it).
 * - remove: idempotent, removing a line that is not there answers 200 with the cart.
 * A product id unknown to the catalogue answers 404 `product_not_found` on all three.
 */
export function registerCartRoutes(router: Router, deps: CartRouteDeps): void {
  const { store, catalogue, session } = deps;
  const bodies = cartBodies(deps.maxQuantity);

  const knownProduct = async (ctx: Context, productId: string) => {
    if (!(await catalogue.productsById([productId], languageOf(ctx))).byId(productId)) throw new ApiError(404, 'product_not_found', messagesIn[languageOf(ctx)].productNotFound);
    return productId;
  };

  const send = async (ctx: Context, cartId: string | undefined, lines: StoredLine[]) => {
    const words = await catalogue.productsById(lines.map((line) => line.productId), languageOf(ctx));
    const { items, stale } = resolveCart(lines, words);
    // A product removed from the catalogue drops out of the cart for good (it would not come back if re-added).
    if (stale.length > 0 && cartId !== undefined) await store.removeLines(cartId, stale);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    const body: CartResponse = { cart: items };
    ctx.body = JSON.stringify(body);
  };

  const outOfStock = async (ctx: Context, productId: string, left: number) => {
    const locale = languageOf(ctx);
    const name = (await catalogue.productsById([productId], locale)).byId(productId)?.name ?? productId;
    return new ApiError(409, 'out_of_stock', messagesIn[locale].cartOutOfStock(name, left));
  };

  /** The session (cookie) is only read on cart routes: products, images and health checks never touch it. */
  const withSession =
    (handler: (ctx: Context) => Promise<void>): RouterMiddleware =>
    (ctx) =>
      session(ctx, () => handler(ctx));

  /**
   * A change to one line of the visitor's cart: its body checked against `schema` and its product known to the
   * catalogue before `change` runs; the lines `change` leaves are sent back and the session kept.
   */
  const lineChange = <T extends z.ZodType<{ productId: string }>>(
    schema: T,
    change: (ctx: Context, cartId: string, productId: string, body: z.infer<T>) => Promise<StoredLine[]>,
  ) =>
    withSession(async (ctx) => {
      const body = validateBody(schema, await readJsonBody(ctx, deps.bodyLimitBytes), bodies.refusals[languageOf(ctx)]);
      const productId = await knownProduct(ctx, body.productId);
      const cartId = await openCartSession(ctx);
      const lines = await change(ctx, cartId, productId, body);
      touchCartSession(ctx);
      await send(ctx, cartId, lines);
    });

  // A visitor without a session has an empty cart: a read opens no session and sets no cookie (decision 039).
  router.get('/api/cart', withSession(async (ctx) => {
    const cartId = sessionCartIdOf(ctx);
    await send(ctx, cartId, cartId === undefined ? [] : await store.getLines(cartId));
  }));

  router.post('/api/cart/add', lineChange(bodies.add, async (ctx, cartId, productId, body) => {
    const result = await store.addLine(cartId, productId, body.quantity ?? 1, deps.maxQuantity);
    if (!result.ok && result.reason === 'out_of_stock') throw await outOfStock(ctx, productId, result.left);
    if (!result.ok) throw new ApiError(400, 'validation_failed', messagesIn[languageOf(ctx)].quantityTotal(deps.maxQuantity));
    return result.lines;
  }));

  router.post('/api/cart/update', lineChange(bodies.update, async (ctx, cartId, productId, body) => {
    const result = await store.setLine(cartId, productId, body.quantity);
    if (!result.ok && result.reason === 'out_of_stock') throw await outOfStock(ctx, productId, result.left);
    if (!result.ok) throw new ApiError(404, 'product_not_found', messagesIn[languageOf(ctx)].lineNotInCart);
    return result.lines;
  }));

  router.post('/api/cart/remove', lineChange(bodies.remove, (_ctx, cartId, productId) => store.removeLines(cartId, [productId])));
}
