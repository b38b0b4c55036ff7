import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { DEFAULT_LOCALE, type ShopLocale } from '@shop/contracts/locales';
import { apiErrors, ApiError as ServerKitApiError, GENERIC_MESSAGES_IN, type GenericMessages } from '@shop/server-kit/api-error';
import { StoreUnavailableError } from '../store/cart-store';
import { ApiError, messages } from './api-error';
import { languageOf } from './language';

/**
 * Every failure as `{error: {code, message}}` (server-kit's `apiErrors`) in the language the request asked for: client
 * mistakes stay 4xx, unmatched paths are 404, only a bug is 500, logged with its stack. cart-service's own case: a store
 * outage is 503 with `Retry-After`. Every answer also gets `X-Content-Type-Options: nosniff`.
 *
 * cart-service writes its own refusals in the request's language where it makes them. server-kit's sentences (its body
 * reader's 415/413/400, the 404 and 500 `apiErrors` makes itself, and the same generic sentences wherever cart-service
 * throws them: 405, 404, 403 origin, 503) are French, and are put into the request's language here, from their twins in
 * `GENERIC_MESSAGES_IN`. `bodyLimits` are the limits the routes read bodies with, which the 413 sentence names.
 */
export function errorHandler(logger: Logger, bodyLimits: readonly number[] = []): Middleware {
  const serverKitSentences = frenchSentences(bodyLimits);
  const errors = apiErrors({
    log: logger,
    unmatched: true,
    mapError: (error) => (error instanceof StoreUnavailableError ? new ApiError(503, 'unavailable', messages.unavailable, { headers: { 'Retry-After': '5' } }) : undefined),
    present: (error, ctx) => {
      const locale = languageOf(ctx);
      const translated = locale === DEFAULT_LOCALE ? undefined : serverKitSentences.get(error.message)?.(locale);
      if (translated === undefined) return error;
      return new ServerKitApiError(error.status, error.code, translated, { headers: error.headers, extra: error.extra });
    },
  });
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await errors(ctx, next);
  };
}

/** Each French sentence of server-kit's, with the same sentence in any shop language. */
function frenchSentences(bodyLimits: readonly number[]): Map<string, (locale: ShopLocale) => string> {
  const french = GENERIC_MESSAGES_IN[DEFAULT_LOCALE];
  const sentences = new Map<string, (locale: ShopLocale) => string>();
  for (const key of Object.keys(french) as Array<keyof GenericMessages>) {
    const text = french[key];
    if (typeof text === 'string') sentences.set(text, (locale) => GENERIC_MESSAGES_IN[locale][key] as string);
  }
  for (const limit of bodyLimits) sentences.set(french.payloadTooLarge(limit), (locale) => GENERIC_MESSAGES_IN[locale].payloadTooLarge(limit));
  return sentences;
}
