import type Router from '@koa/router';
import type { Context } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { normalizeOrderNumber } from '@shop/contracts/order-number';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';

export interface OrderDeps {
  cartServiceUrl: string;
  /** cart-service's operators' token (ADMIN_TOKEN): it stays on this server, a browser never sees it. */
  adminToken: string | undefined;
  log: { info(object: object, message: string): void };
}

const QUERY_PARAMETERS = ['status', 'q', 'cursor', 'limit'] as const;

/**
 * The console's orders: cart-service's `/admin/orders` API called by this server with the operators' token, in the name
 * of the operator's address (cart-service counts its rate limit per address, from the shell's X-Forwarded-For).
 * cart-service's answers (French messages, 400/404/409) are passed on as they are.
 */
export function registerOrderRoutes(router: Router<OperatorState>, deps: OrderDeps): void {
  const call = async (ctx: Context, path: string, init: { method: 'GET' | 'POST'; body?: string }) => {
    if (!deps.adminToken) {
      throw new OperationsError(503, 'orders_unavailable', 'Les commandes ne sont pas disponibles : ADMIN_TOKEN n’est pas défini pour la boutique.');
    }
    let response: Response;
    try {
      response = await fetch(new URL(path, deps.cartServiceUrl), {
        method: init.method,
        body: init.body,
        signal: AbortSignal.timeout(5000),
        headers: {
          Authorization: `Bearer ${deps.adminToken}`,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          'X-Forwarded-For': ctx.ip,
        },
      });
    } catch {
      throw new OperationsError(503, 'orders_unavailable', OPERATIONS_MESSAGES.ordersUnavailable);
    }
    ctx.status = response.status;
    ctx.body = await response.json().catch(() => ({ error: { code: 'orders_unavailable', message: OPERATIONS_MESSAGES.ordersUnavailable } }));
  };

  router.get('/operations/api/orders', async (ctx) => {
    const query = new URLSearchParams();
    for (const name of QUERY_PARAMETERS) {
      const value = ctx.query[name];
      if (typeof value === 'string' && value !== '') query.set(name, value.slice(0, 200));
    }
    await call(ctx, `/admin/orders?${query}`, { method: 'GET' });
  });

  router.post('/operations/api/orders/:number/status', async (ctx) => {
    const number = normalizeOrderNumber(String(ctx.params['number'] ?? ''));
    if (!number) throw new OperationsError(404, 'order_not_found', 'Commande introuvable.');
    const body = await readJson(ctx);
    await call(ctx, `/admin/orders/${encodeURIComponent(number)}/status`, { method: 'POST', body: JSON.stringify({ status: body['status'] }) });
    if (ctx.status === 200) deps.log.info({ operator: ctx.state.operator, order: number, status: body['status'] }, 'order status changed from the console');
  });
}
