import type { Middleware } from 'koa';
import { requestOrigin } from '@shop/server-kit/request-origin';
import { ApiError, messages } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for changes (everything but GET/HEAD/OPTIONS), by the shop's one origin rule (server-kit's
 * requestOrigin): a request another site's page sent is refused with 403. Requests without `Origin` (curl,
 * server-to-server) pass: browsers always send it on a POST. Together with JSON-only bodies (a cross-site form cannot
 * send application/json without a CORS preflight, which this service never grants) this keeps other sites from
 * changing a visitor's cart.
 */
export function originCheck(allowedOrigins: readonly string[]): Middleware {
  // A plain function, not async: GET requests pass straight through without an extra promise.
  return (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && requestOrigin(ctx.headers as Record<string, string | undefined>, allowedOrigins) === 'foreign') {
      throw new ApiError(403, 'forbidden_origin', messages.forbiddenOrigin);
    }
    return next();
  };
}
