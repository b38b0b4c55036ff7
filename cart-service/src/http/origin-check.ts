import type { Middleware } from 'koa';
import { ApiError, messages } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for changes (everything but GET/HEAD/OPTIONS): a request whose `Origin` is present and not one of the
 * shop's own is refused with 403, as is a browser request marked `Sec-Fetch-Site: cross-site` from an origin not in
 * the list. Requests without `Origin` (curl, server-to-server) pass: browsers always send it on cross-origin POSTs.
 * Together with JSON-only bodies (a cross-site form cannot send application/json without a CORS preflight, which
 * this service never grants) this keeps other sites from changing a visitor's cart.
 */
export function originCheck(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  // A plain function, not async: GET requests pass straight through without an extra promise.
  return (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      if (origin && !allowed.has(origin)) {
        throw new ApiError(403, 'forbidden_origin', messages.forbiddenOrigin);
      }
      if (!origin && ctx.get('Sec-Fetch-Site').toLowerCase() === 'cross-site') {
        throw new ApiError(403, 'forbidden_origin', messages.forbiddenOrigin);
      }
    }
    return next();
  };
}
