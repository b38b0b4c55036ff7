import type { Middleware } from 'koa';
import { ApiError, messages } from '../http/api-error';
import type { CartStore } from '../store/cart-store';

/**
 * GET /healthz: the process is up (liveness). GET /readyz: the store answers and the app is not shutting down
 * (readiness; 503 `unavailable` otherwise, so a load balancer stops sending traffic).
 */
export function healthRoutes(store: CartStore, isClosing: () => boolean): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError(405, 'method_not_allowed', messages.methodNotAllowed, { Allow: 'GET, HEAD' });
    }
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (isClosing()) throw new ApiError(503, 'unavailable', messages.unavailable);
    try {
      await store.ping();
    } catch {
      throw new ApiError(503, 'unavailable', messages.unavailable);
    }
    ctx.body = { status: 'ready', store: store.kind };
  };
}
