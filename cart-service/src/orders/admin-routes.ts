import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { AdminOrdersResponse, OrderResponse } from '@shop/contracts/orders';
import { ApiError, messagesIn, type Messages } from '../http/api-error';
import { languageOf } from '../http/language';
import { adminAuth, type AdminAuthOptions } from '../http/admin-auth';
import { readJsonBody } from '@shop/server-kit/json-body';
import { sendJson } from '../http/send-json';
import { validateBody } from '../http/validate-body';
import type { CatalogueStore } from '../store/catalogue';
import type { ShopStore } from '../store/open-store';
import { normalizeOrderNumber } from '@shop/contracts/order-number';
import { normalizeMoroccanPhone } from '@shop/contracts/delivery';
import { orderBodiesIn } from './order-bodies';
import { orderJson, wordsOf } from './order-json';
import { isOrderStatus, statusesAllowedBefore } from '@shop/contracts/orders';
import type { OrderCursor } from '../store/order-store';

export interface AdminRouteDeps extends AdminAuthOptions {
  store: ShopStore;
  /** For the names of an order's lines in the request's language (order-json.ts's linesIn). */
  catalogue: CatalogueStore;
  bodyLimitBytes: number;
  logger: Logger;
}

/**
 * Operators' routes, under /admin rather than /api so the shell's proxy never exposes them to shoppers; they are
 * reached on cart-service itself (orders-cli.ts), with `Authorization: Bearer <ADMIN_TOKEN>`, and rate-limited per address.
 *   GET  /admin/orders?status=reçue&q=…&limit=50&cursor=…   newest first, one page (at most 100) at a time; `q` is an
 *        order number (`k7m2 q9xp`) or a Moroccan phone number (`06 12 34 56 78`, `+212…`), matched exactly once
 *        normalised as the order stores it; anything else is a 400. Filters combine; the cursor pages the same filters.
 *   POST /admin/orders/:number/status {status}
 */
export function registerAdminRoutes(router: Router, deps: AdminRouteDeps): void {
  const { store, logger } = deps;
  const authenticated = adminAuth(deps);

  router.get('/admin/orders', authenticated, async (ctx) => {
    const locale = languageOf(ctx);
    const messages = messagesIn[locale];
    const status = ctx.query['status'];
    if (status !== undefined && !isOrderStatus(status)) throw new ApiError(400, 'validation_failed', messages.statusInvalid);
    const limit = pageSize(ctx.query['limit'], messages);
    const after = ctx.query['cursor'] === undefined ? undefined : decodeCursor(ctx.query['cursor'], messages);
    const search = searchOf(ctx.query['q'], messages);
    const page = await store.listOrders({ limit, ...(status ? { status } : {}), ...(after ? { after } : {}), ...search });
    const words = await wordsOf(deps.catalogue, page.orders.flatMap((order) => order.lines), locale);
    const answer: AdminOrdersResponse = {
      orders: page.orders.map((order) => orderJson(order, words)),
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
    sendJson(ctx, answer);
  });

  router.post('/admin/orders/:number/status', authenticated, async (ctx) => {
    const locale = languageOf(ctx);
    const messages = messagesIn[locale];
    const bodies = orderBodiesIn[locale];
    const body = await readJsonBody(ctx, deps.bodyLimitBytes);
    const { status } = validateBody(bodies.status, body, bodies.statusRefusals);
    const number = normalizeOrderNumber(String(ctx.params['number'] ?? ''));
    const result = number
      ? await store.setOrderStatus(number, status, statusesAllowedBefore(status), Date.now())
      : ({ kind: 'not_found' } as const);
    if (result.kind === 'not_found') throw new ApiError(404, 'order_not_found', messages.orderNotFound);
    if (result.kind === 'invalid_transition') {
      throw new ApiError(409, 'invalid_transition', messages.invalidTransition(result.order.status, status));
    }
    logger.info({ order: result.order.number, status }, 'order status changed');
    const answer: OrderResponse = { order: orderJson(result.order, await wordsOf(deps.catalogue, result.order.lines, locale)) };
    sendJson(ctx, answer);
  });
}

/** Longer than any spelling of a number or a phone: refused before any parsing. */
const MAX_SEARCH_LENGTH = 40;

/**
 * An order number or a phone number, each normalised as the order stores it, for an exact match; a blank search is
 * none (the console's empty box). Tried as a number first: the two never overlap (a number has no 0 or 1 and 8
 * characters, a phone 9 digits or more). Anything else, or `q` given twice, is a 400.
 */
function searchOf(value: unknown, messages: Messages): { number?: string; phone?: string } {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return {};
  const text = typeof value === 'string' && value.length <= MAX_SEARCH_LENGTH ? value : '';
  const number = normalizeOrderNumber(text);
  if (number) return { number };
  const phone = normalizeMoroccanPhone(text);
  if (phone) return { phone };
  throw new ApiError(400, 'validation_failed', messages.searchInvalid);
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

function pageSize(value: unknown, messages: Messages): number {
  if (value === undefined) return DEFAULT_PAGE_SIZE;
  const size = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(size >= 1 && size <= MAX_PAGE_SIZE)) throw new ApiError(400, 'validation_failed', messages.limitInvalid);
  return size;
}

/** Opaque to clients: where the page ended (creation time and number of its last order). */
function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.createdAt}.${cursor.number}`).toString('base64url');
}

function decodeCursor(value: unknown, messages: Messages): OrderCursor {
  const text = typeof value === 'string' && value.length <= 64 ? Buffer.from(value, 'base64url').toString('utf8') : '';
  const match = /^(\d{1,15})\.([A-Z0-9-]{1,20})$/.exec(text);
  if (!match) throw new ApiError(400, 'validation_failed', messages.cursorInvalid);
  return { createdAt: Number(match[1]), number: match[2]! };
}
