import type { RouterContext } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ApiError, messages } from './api-error';

/**
 * For `router.allowedMethods({ throw: true, methodNotAllowed: notAllowed, notImplemented: notAllowed })`: a method the
 * path does not take is 405, and so is one the router does not know at all (PROPFIND...), which it would answer 501.
 * In throw mode the router sends no `Allow`: `methodNotAllowed()` adds it.
 */
export const notAllowed = (): ApiError => new ApiError(405, 'method_not_allowed', messages.methodNotAllowed);

/**
 * Goes between `router.routes()` and `router.allowedMethods(...)`, so it only sees requests no route answered:
 * - OPTIONS on a known path: 405 with `Allow`, like any other method the path does not take. @koa/router's
 *   allowedMethods would answer 200 with `Allow` (a bare preflight answer), and no CORS is offered here.
 * - the 405 thrown by allowedMethods gets its `Allow` header (throw mode sets none), listed as `GET, HEAD, ...`.
 * - an unknown method on an unknown path stays a 404 (allowedMethods answers "not implemented" whatever the path).
 */
export function methodNotAllowed(): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'OPTIONS') {
      const allow = allowOf(ctx);
      if (allow) throw new ApiError(405, 'method_not_allowed', messages.methodNotAllowed, { headers: { Allow: allow } });
    }
    try {
      await next();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 405 && !('Allow' in error.headers))) throw error;
      const allow = allowOf(ctx);
      if (!allow) throw new ApiError(404, 'not_found', messages.notFound);
      throw new ApiError(405, 'method_not_allowed', messages.methodNotAllowed, { headers: { Allow: allow } });
    }
  };
}

/** The methods of the routes matching the path ('' when none does); GET routes also take HEAD. */
function allowOf(ctx: Context): string {
  const methods = new Set<string>();
  for (const layer of (ctx as unknown as RouterContext).matched ?? []) {
    for (const method of layer.methods) methods.add(method);
  }
  // The router lists HEAD before GET; answer `GET, HEAD` as before.
  return [...methods]
    .filter((method) => method !== 'HEAD' || !methods.has('GET'))
    .flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]))
    .join(', ');
}
