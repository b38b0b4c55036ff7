import type { Middleware } from 'koa';

/**
 * A fixed path answering GET and HEAD only; anything else is 405 with Allow. Not stored by default (`no-store`): an
 * answer that may be kept sets its own Cache-Control.
 */
export function readOnlyPath(path: string, answer: Middleware): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== path) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { error: { code: 'method_not_allowed', message: 'Méthode non autorisée pour cette adresse.' } };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    return answer(ctx, next);
  };
}

