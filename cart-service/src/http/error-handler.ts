import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { apiErrors } from '@shop/server-kit/api-error';
import { StoreUnavailableError } from '../store/cart-store';
import { ApiError, messages } from './api-error';

/**
 * Every failure as `{error: {code, message}}` with a French message (server-kit's `apiErrors`): client mistakes stay
 * 4xx, unmatched paths are 404, only a bug is 500, logged with its stack. cart-service's own case: a store outage is
 * 503 with `Retry-After`. Every answer also gets `X-Content-Type-Options: nosniff`.
 */
export function errorHandler(logger: Logger): Middleware {
  const errors = apiErrors({
    log: logger,
    unmatched: true,
    mapError: (error) => (error instanceof StoreUnavailableError ? new ApiError(503, 'unavailable', messages.unavailable, { headers: { 'Retry-After': '5' } }) : undefined),
  });
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await errors(ctx, next);
  };
}
