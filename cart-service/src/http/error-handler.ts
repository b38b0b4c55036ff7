import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ApiErrorCode } from '@shop/contracts/errors';
import { StoreUnavailableError } from '../store/cart-store';
import { ApiError, messages } from './api-error';
import { sendJson } from './send-json';

const libraryErrors: Record<number, [ApiErrorCode, string]> = {
  400: ['validation_failed', messages.badRequest],
  404: ['not_found', messages.notFound],
  405: ['method_not_allowed', messages.methodNotAllowed],
  413: ['payload_too_large', messages.payloadTooLargeGeneric],
  415: ['unsupported_media_type', messages.unsupportedMediaType],
};

/**
 * Turns every failure into `{error: {code, message}}` with a French message. Client mistakes stay 4xx (including
 * errors thrown by libraries, e.g. a malformed path under /images); a store outage is 503; only a bug is 500, and it
 * is logged with its stack. Every answer also gets `X-Content-Type-Options: nosniff`. Unmatched paths become 404.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        throw new ApiError(404, 'not_found', messages.notFound);
      }
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status >= 500) {
        logger.error({ err: error, method: ctx.method, path: ctx.path.slice(0, 200) }, 'request failed');
      }
      if (ctx.headerSent || !ctx.writable) return;
      for (const [name, value] of Object.entries(apiError.headers)) ctx.set(name, value);
      ctx.set('Cache-Control', 'no-store');
      sendJson(ctx, apiError.toBody(), apiError.status);
    }
  };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    return new ApiError(503, 'unavailable', messages.unavailable, { 'Retry-After': '5' });
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Errors thrown by libraries (koa, koa-send): keep the class of answer, use our code and French text.
    // 403 and other rare 4xx (e.g. a path escaping /images) are answered as a plain 404.
    const known = libraryErrors[status];
    return known ? new ApiError(status, known[0], known[1]) : new ApiError(404, 'not_found', messages.notFound);
  }
  return new ApiError(500, 'internal_error', messages.internal);
}
