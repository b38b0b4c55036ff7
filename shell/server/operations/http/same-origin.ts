import type { Middleware } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { OperationsError } from './operations-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request must come from the shop's own pages: its `Origin` is the shop's public origin or the origin
 * the request was made to. Browsers always send `Origin` on a POST, so a missing one is refused too, except for a
 * script that authenticates with its bearer token (no cookie, so no request can be forged on its behalf).
 */
export function sameOriginOnly(publicUrl: string): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const origin = ctx.get('Origin');
    // A page of another site cannot add an Authorization header without the shell's consent (CORS), so a bearer request is never forged.
    const bearer = /^Bearer /.test(ctx.get('Authorization'));
    // Not ctx.origin: in Koa 3 that is the request's Origin header itself.
    const allowed = origin ? origin === publicUrl || origin === `${ctx.protocol}://${ctx.host}` : bearer;
    if (!allowed) throw new OperationsError(403, 'forbidden_origin', OPERATIONS_MESSAGES.forbiddenOrigin);
    return next();
  };
}
