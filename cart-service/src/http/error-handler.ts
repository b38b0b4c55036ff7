import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, apiErrors } from '@shop/server-kit/api-error';
import { StoreUnavailableError } from '../store/cart-store';
import { messages } from './api-error';

/**
 * Every failure as `{error: {code, message}}` with a French message (server-kit's `apiErrors`): client mistakes stay
 * 4xx, a store outage is 503, only a bug is 500, logged with its stack. Every answer also gets
 * `X-Content-Type-Options: nosniff`. Unmatched paths become 404.
 */
export function errorHandler(logger: Logger): Middleware {
  const errors = apiErrors({
    log: logger,
    mapError: (error) => (error instanceof StoreUnavailableError ? new ApiError(503, 'unavailable', messages.unavailable, { headers: { 'Retry-After': '5' } }) : undefined),
  });
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await errors(ctx, async () => {
      await next();
      if (ctx.status === 404 && ctx.body == null) throw new ApiError(404, 'not_found', messages.notFound);
    });
  };
}
