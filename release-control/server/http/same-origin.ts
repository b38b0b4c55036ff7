import type { Middleware } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { requestOrigin } from '@shop/server-kit/request-origin';
import { OperationsError } from './operations-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request must come from the console's own page: its `Origin` is the shop's public origin
 * (PUBLIC_URL; never the request's own Host) and `Sec-Fetch-Site`, when sent, says `same-origin` (server-kit's
 * requestOrigin). Browsers always send `Origin` on a POST, so a missing one is refused too. A script that sends an
 * `Authorization` header is judged by its token alone (authentication.ts), never by a cookie beside it: a page of
 * another site cannot add that header without the shell's consent (CORS), so such a request is never forged.
 */
export function sameOriginOnly(publicUrl: string): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || ctx.get('Authorization') !== '') return next();
    if (requestOrigin(ctx.headers as Record<string, string | undefined>, [publicUrl]) !== 'shop') {
      throw new OperationsError(403, 'forbidden_origin', OPERATIONS_MESSAGES.forbiddenOrigin);
    }
    return next();
  };
}
