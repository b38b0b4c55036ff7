import type { Middleware } from 'koa';
import { methodNotAllowed } from './api-error';

/**
 * A fixed path answering GET and HEAD only; anything else is 405 with Allow. Not stored by default (`no-store`): an
 * answer that may be kept sets its own Cache-Control.
 */
export function readOnlyPath(path: string, answer: Middleware): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== path) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return methodNotAllowed(ctx, 'GET, HEAD');
    ctx.set('Cache-Control', 'no-store');
    return answer(ctx, next);
  };
}
