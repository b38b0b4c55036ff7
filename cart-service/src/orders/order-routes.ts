import { timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { normalizeOrderNumber } from '@shop/contracts/order-number';
import type { OrderResponse, TrackOrderBody, TrackOrderResponse } from '@shop/contracts/orders';
import { resolveCart } from '../store/resolve-cart';
import type { CatalogueStore } from '../store/catalogue';
import { ApiError, messagesIn } from '../http/api-error';
import { languageOf } from '../http/language';
import { countOrRefuse } from '../http/rate-limit';
import { readJsonBody } from '@shop/server-kit/json-body';
import { sendJson } from '../http/send-json';
import { validateBody } from '../http/validate-body';
import { adoptCartSession, newSessionId, sessionCartIdOf } from '../http/cart-session';
import type { ShopStore } from '../store/open-store';
import type { KeyedOrder, StoredOrder } from '../store/order-store';
import { orderBodiesIn } from './order-bodies';
import { newOrderNumber } from './order-number';
import { requestFingerprint } from '../store/request-fingerprint';
import { orderJson, orderLineOf, orderTotal, trackedOrderJson, wordsOf } from './order-json';
import { DEFAULT_LOCALE } from '@shop/contracts/locales';

export interface TrackingLimits {
  /** Failed lookups allowed per visitor in one window; the next ones answer 429 until the window ends. */
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_TRACKING_LIMITS: TrackingLimits = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

export interface OrderRouteDeps {
  store: ShopStore;
  catalogue: CatalogueStore;
  session: Middleware;
  /** Delivery details are longer than a cart change: a note alone may be 500 characters. */
  bodyLimitBytes: number;
  tracking: TrackingLimits;
  logger: Logger;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;
/** A cart changed by another tab while the order was being built is read again; this many times at most. */
const PLACE_ATTEMPTS = 5;

/**
 * POST /api/orders, GET /api/orders/:number, POST /api/orders/track (contracts/src/orders.ts).
 * Prices, names and totals come from the catalogue at the moment the order is placed, never from the client; an order
 * keeps them as they were (names in French), and is shown with its names and refusals in the request's language
 * (order-json.ts's linesIn).
 */
export function registerOrderRoutes(router: Router, deps: OrderRouteDeps): void {
  const { store, catalogue, session, logger } = deps;

  const withSession =
    (handler: (ctx: Context) => Promise<void>): RouterMiddleware =>
    (ctx) =>
      session(ctx, () => handler(ctx));

  const sendOrder = async (ctx: Context, order: StoredOrder, status: number) => {
    ctx.set('Cache-Control', 'no-store');
    const body: OrderResponse = { order: orderJson(order, await wordsOf(catalogue, order.lines, languageOf(ctx))) };
    sendJson(ctx, body, status);
  };

  /** A replayed submit answers the same order and moves the visitor to the order's owner session. */
  const sendReplay = (ctx: Context, order: StoredOrder) => {
    if (order.ownerId !== sessionCartIdOf(ctx)) adoptCartSession(ctx, order.ownerId, order.createdAt);
    return sendOrder(ctx, order, 200);
  };

  /** The committed order of an earlier submit with this key: replayed when the body is the same, 422 otherwise. */
  const replayOrRefuse = (ctx: Context, earlier: KeyedOrder, fingerprint: string) => {
    if (earlier.fingerprint !== fingerprint) {
      throw new ApiError(422, 'idempotency_key_reused', messagesIn[languageOf(ctx)].idempotencyKeyReused);
    }
    return sendReplay(ctx, earlier.order);
  };

  router.post('/api/orders', withSession(async (ctx) => {
    const locale = languageOf(ctx);
    const messages = messagesIn[locale];
    const bodies = orderBodiesIn[locale];
    const key = ctx.get('Idempotency-Key');
    if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'validation_failed', messages.idempotencyKey);
    const delivery = validateBody(bodies.delivery, await readJsonBody(ctx, deps.bodyLimitBytes), bodies.refusals);
    const fingerprint = requestFingerprint(delivery);
    // No session, no cart: an order opens no session (decision 039).
    const sessionId = sessionCartIdOf(ctx);
    if (sessionId === undefined) throw new ApiError(409, 'cart_empty', messages.cartEmpty);

    // A repeated submit (double click, retry after a lost answer) finds the order placed the first time, even
    // though the cart is empty by now: from the session that placed it (a submit in flight when the session rotated)
    // or from the owner's session. Every answer is sent only once what it says is committed.
    const earlier = await store.findByIdempotencyKey(sessionId, key);
    if (earlier) return replayOrRefuse(ctx, earlier, fingerprint);

    for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt += 1) {
      const lines = await store.getLines(sessionId);
      // Built from the catalogue in its own language: an order stores what it always has (see linesIn).
      const { items, stale } = resolveCart(lines, await catalogue.productsById(lines.map((line) => line.productId), DEFAULT_LOCALE));
      if (stale.length > 0) {
        await store.removeLines(sessionId, stale); // products gone from the catalogue cannot be ordered
        continue;
      }
      if (items.length === 0) {
        // Emptied by a concurrent submit with this key (another tab, another instance): that order is the answer.
        const placed = await store.findByIdempotencyKey(sessionId, key);
        if (placed) return replayOrRefuse(ctx, placed, fingerprint);
        throw new ApiError(409, 'cart_empty', messages.cartEmpty);
      }
      const now = Date.now();
      const orderLines = items.map(orderLineOf);
      const order: StoredOrder = {
        number: newOrderNumber(),
        // The session id rotates with the order: only the new session reads it; a cookie copied before cannot.
        ownerId: newSessionId(),
        placedBy: sessionId,
        status: 'reçue',
        createdAt: now,
        updatedAt: now,
        lines: orderLines,
        total: orderTotal(orderLines),
        delivery,
      };
      const result = await store.placeOrder(order, key, fingerprint, lines);
      if (result.kind === 'placed') {
        adoptCartSession(ctx, order.ownerId, order.createdAt);
        logger.info({ order: order.number, total: order.total, lines: order.lines.length }, 'order placed');
        return await sendOrder(ctx, result.order, 201);
      }
      if (result.kind === 'replayed') return replayOrRefuse(ctx, result, fingerprint);
      if (result.kind === 'out_of_stock') {
        const name = (await catalogue.productsById([result.productId], locale)).byId(result.productId)?.name ?? result.productId;
        throw new ApiError(409, 'out_of_stock', messages.orderOutOfStock(name, result.left));
      }
      // cart_changed or number_taken: build it again from the cart as it is now.
    }
    throw new ApiError(503, 'unavailable', messages.unavailable, { headers: { 'Retry-After': '1' } });
  }));

  router.get('/api/orders/:number', withSession(async (ctx) => {
    const number = normalizeOrderNumber(String(ctx.params['number'] ?? ''));
    const order = number ? await store.getOrder(number) : undefined;
    // Someone else's order answers exactly like a number that does not exist.
    const sessionId = sessionCartIdOf(ctx);
    if (!order || sessionId === undefined || !sameText(order.ownerId, sessionId)) {
      throw new ApiError(404, 'order_not_found', messagesIn[languageOf(ctx)].orderNotFound);
    }
    await sendOrder(ctx, order, 200);
  }));

  router.post('/api/orders/track', async (ctx) => {
    const locale = languageOf(ctx);
    const messages = messagesIn[locale];
    const bodies = orderBodiesIn[locale];
    const body = await readJsonBody(ctx, deps.bodyLimitBytes);
    // Per shopper address (ctx.ip: trustedForwarding has decided it from trusted proxies only). The attempt is counted
    // before it is evaluated, in one atomic step: concurrent guesses can never get past the limit.
    const visitor = `track:${ctx.ip || 'unknown'}`;
    const attempt = await countOrRefuse(store, visitor, { max: deps.tracking.maxFailures, windowMs: deps.tracking.windowMs }, (seconds) =>
      messages.tooManyAttempts(Math.ceil(seconds / 60)),
    );
    let tracking: TrackOrderBody;
    try {
      tracking = validateBody(bodies.tracking, body, bodies.refusals);
    } catch (error) {
      await store.refundAttempt(visitor); // a malformed form is answered with its field errors, not counted as a guess
      throw error;
    }
    const order = await store.getOrder(tracking.number);
    // An unknown number and a wrong phone take the same path and answer the same bytes: nothing tells them apart.
    const matches = order !== undefined && sameText(order.delivery.phone, tracking.phone);
    if (!order || !matches) {
      if (attempt.count === deps.tracking.maxFailures) {
        logger.warn({ visitor, failures: attempt.count }, 'order tracking: too many failures, slowing this visitor down');
      }
      throw new ApiError(404, 'order_not_found', messages.orderNotFound);
    }
    await store.refundAttempt(visitor); // a lookup that matched is not a guess
    ctx.set('Cache-Control', 'no-store');
    const answer: TrackOrderResponse = { order: trackedOrderJson(order, await wordsOf(catalogue, order.lines, locale)) };
    sendJson(ctx, answer);
  });
}

/** Constant-time comparison, so response time does not reveal how much of a secret matched. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
