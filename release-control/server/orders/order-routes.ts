import type Router from '@koa/router';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { normalizeOrderNumber } from '@shop/contracts/order-number';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import { cartServiceCall, type CartServiceCallDeps } from '../shared/cart-service-call';

export interface OrderDeps extends CartServiceCallDeps {
  log: { info(object: object, message: string): void };
}

const QUERY_PARAMETERS = ['status', 'q', 'cursor', 'limit'] as const;

/**
 * The console's orders: cart-service's `/admin/orders` API called by this server with the operators' token, in the name
 * of the operator's address (cart-service counts its rate limit per address, from the shell's X-Forwarded-For).
 * cart-service's answers (French messages, 400/404/409) are passed on as they are.
 */
export function registerOrderRoutes(router: Router<OperatorState>, deps: OrderDeps): void {
  const call = cartServiceCall(deps, {
    code: 'orders_unavailable',
    unconfigured: 'Les commandes ne sont pas disponibles : ADMIN_TOKEN n’est pas défini pour la boutique.',
    unreachable: OPERATIONS_MESSAGES.ordersUnavailable,
  });

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
    await call(ctx, `/admin/orders/${encodeURIComponent(number)}/status`, { method: 'POST', body: { status: body['status'] } });
    if (ctx.status === 200) deps.log.info({ operator: ctx.state.operator, order: number, status: body['status'] }, 'order status changed from the console');
  });
}
