import type Router from '@koa/router';
import { ApiError, messages } from '../http/api-error';
import { sendJson } from '../http/send-json';
import type { ShopStore } from '../store/open-store';

/**
 * GET /healthz: the process is up (liveness). GET /readyz: the store answers and the app is not shutting down
 * (readiness; 503 `unavailable` otherwise, so a load balancer stops sending traffic).
 */
export function registerHealthRoutes(router: Router, store: Pick<ShopStore, 'ping' | 'kind'>, isClosing: () => boolean): void {
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    sendJson(ctx, { status: 'ok' });
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (isClosing()) throw new ApiError(503, 'unavailable', messages.unavailable);
    try {
      await store.ping();
    } catch {
      throw new ApiError(503, 'unavailable', messages.unavailable);
    }
    sendJson(ctx, { status: 'ready', store: store.kind });
  });
}
