import { createHash, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AdminOrdersResponse, OrderResponse } from '@shop/contracts/orders';
import { ApiError, messages } from '../http/api-error';
import { countOrRefuse } from '../http/rate-limit';
import { readJsonBody } from '../http/read-json-body';
import { sendJson } from '../http/send-json';
import type { ShopStore } from '../store/open-store';
import { normalizeOrderNumber } from './order-number';
import { orderJson } from './order-json';
import { isOrderStatus, statusesAllowedBefore } from './order-status';

export interface AdminRouteDeps {
  store: ShopStore;
  /** ADMIN_TOKEN; undefined disables the admin routes (503 with a message saying how to enable them). */
  adminToken: string | undefined;
  bodyLimitBytes: number;
  /** Requests allowed per address and window on /admin, counted before authentication. */
  rateLimit: { max: number; windowMs: number };
  logger: Logger;
}

/**
 * Operators' routes, under /admin rather than /api so the shell's proxy never exposes them to shoppers; they are
 * reached on cart-service itself (orders-cli.ts), with `Authorization: Bearer <ADMIN_TOKEN>`, and rate-limited per address.
 *   GET  /admin/orders?status=reçue           newest first
 *   POST /admin/orders/:number/status {status}
 */
export function registerAdminRoutes(router: Router, deps: AdminRouteDeps): void {
  const { store, logger } = deps;
  const expected = deps.adminToken ? digest(deps.adminToken) : undefined;

  const authenticated: Middleware = async (ctx, next) => {
    if (!expected) throw new ApiError(503, 'unavailable', messages.adminDisabled);
    // Per address, before the token is even looked at: guessing tokens or hammering the orders list is slowed alike.
    await countOrRefuse(store, `admin:${ctx.ip || 'unknown'}`, deps.rateLimit, messages.tooManyRequests);
    const match = /^Bearer (.+)$/.exec(ctx.get('Authorization'));
    // Digests have the same length whatever was sent, so the comparison is constant-time.
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new ApiError(401, 'unauthorized', messages.unauthorized, { 'WWW-Authenticate': 'Bearer' });
    }
    ctx.set('Cache-Control', 'no-store');
    return next();
  };

  router.get('/admin/orders', authenticated, async (ctx) => {
    const status = ctx.query['status'];
    if (status !== undefined && !isOrderStatus(status)) throw new ApiError(400, 'validation_failed', messages.statusInvalid);
    const orders = (await store.listOrders()).filter((order) => status === undefined || order.status === status);
    const answer: AdminOrdersResponse = { orders: orders.map(orderJson) };
    sendJson(ctx, answer);
  });

  router.post('/admin/orders/:number/status', authenticated, async (ctx) => {
    const body = await readJsonBody(ctx, deps.bodyLimitBytes);
    const status = (body as { status?: unknown } | null)?.status;
    if (typeof body !== 'object' || body === null || Object.keys(body).length !== 1 || !isOrderStatus(status)) {
      throw new ApiError(400, 'validation_failed', messages.statusInvalid);
    }
    const number = normalizeOrderNumber(String(ctx.params['number'] ?? ''));
    const result = number
      ? await store.setOrderStatus(number, status, statusesAllowedBefore(status), Date.now())
      : ({ kind: 'not_found' } as const);
    if (result.kind === 'not_found') throw new ApiError(404, 'order_not_found', messages.orderNotFound);
    if (result.kind === 'invalid_transition') {
      throw new ApiError(409, 'invalid_transition', messages.invalidTransition(result.order.status, status));
    }
    logger.info({ order: result.order.number, status }, 'order status changed');
    const answer: OrderResponse = { order: orderJson(result.order) };
    sendJson(ctx, answer);
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
