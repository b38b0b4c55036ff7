import type { Context, Middleware } from 'koa';
import type { ErrorEnvelope } from '@shop/contracts/errors';
import { bodyTooLargeMessage, bodyTooLargeMessages } from '@shop/contracts/limits';
import type { Localized } from '@shop/contracts/locales';

/**
 * The French sentences every server answers with for the same failure, written once (cart-service's own domain
 * messages, and the console's, stay with them).
 */
export const GENERIC_MESSAGES = {
  internal: 'Une erreur interne est survenue, veuillez réessayer.',
  methodNotAllowed: 'Méthode non autorisée pour cette adresse.',
  notFound: 'Ressource introuvable.',
  unavailable: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
  badRequest: 'Requête invalide.',
  unsupportedMediaType: 'Le corps de la requête doit être du JSON (Content-Type: application/json).',
  unsupportedEncoding: 'Le corps de la requête ne doit pas être compressé.',
  invalidJson: "Le corps de la requête n'est pas du JSON valide.",
  expectedObject: 'Le corps de la requête doit être un objet JSON.',
  payloadTooLarge: bodyTooLargeMessage,
  payloadTooLargeGeneric: 'Le corps de la requête est trop volumineux.',
  forbiddenOrigin: 'Requête refusée : origine non autorisée.',
  tooManyRequests: (seconds: number) => `Trop de requêtes depuis cette adresse. Réessayez dans ${seconds} s.`,
} as const;

export type GenericMessages = {
  readonly [K in keyof typeof GENERIC_MESSAGES]: (typeof GENERIC_MESSAGES)[K] extends string ? string : (typeof GENERIC_MESSAGES)[K];
};

/**
 * The same sentences in each shop language. Those server-kit writes itself (the body reader's, `apiErrors`' own) are
 * French, written before any language is known: a server that answers in the language a request asked for puts them
 * into it with `apiErrors`' `present` (cart-service).
 */
export const GENERIC_MESSAGES_IN: Localized<GenericMessages> = {
  'fr-MA': GENERIC_MESSAGES,
  'ar-MA': {
    internal: 'حدث خطأ داخلي، يرجى المحاولة مرة أخرى.',
    methodNotAllowed: 'طريقة الطلب هذه غير مسموح بها لهذا العنوان.',
    notFound: 'المورد المطلوب غير موجود.',
    unavailable: 'الخدمة غير متاحة مؤقتًا، يرجى المحاولة بعد لحظات.',
    badRequest: 'طلب غير صالح.',
    unsupportedMediaType: 'يجب أن يكون محتوى الطلب بصيغة JSON (Content-Type: application/json).',
    unsupportedEncoding: 'يجب ألا يكون محتوى الطلب مضغوطًا.',
    invalidJson: 'محتوى الطلب ليس JSON صالحًا.',
    expectedObject: 'يجب أن يكون محتوى الطلب كائن JSON.',
    payloadTooLarge: bodyTooLargeMessages['ar-MA'],
    payloadTooLargeGeneric: 'محتوى الطلب كبير جدًا.',
    forbiddenOrigin: 'تم رفض الطلب: مصدره غير مسموح به.',
    tooManyRequests: (seconds: number) => `طلبات كثيرة جدًا من هذا العنوان. أعد المحاولة بعد ${seconds} ث.`,
  },
};

/** `{error: {code, message, …}}`: every server's refusals, in this one shape (contracts' `ErrorEnvelope`). */
export function errorBody<Code extends string, Extra extends object = object>(code: Code, message: string, extra?: Extra): ErrorEnvelope<Code, Extra> {
  // Spreading an optional generic loses its type: the envelope is code and message with `extra`'s fields beside them.
  return { error: { code, message, ...extra } as ErrorEnvelope<Code, Extra>['error'] };
}

/** A refusal a client can read: status, a code from the contracts, a French message, extra fields and headers. */
export class ApiError<Code extends string = string> extends Error {
  readonly headers: Record<string, string>;
  /** Merged into the envelope beside code and message (a form's `fields`, a switch's `reasons`…). */
  readonly extra: object;

  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
    options: { headers?: Record<string, string>; extra?: object } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }

  toBody(): ErrorEnvelope<Code> {
    return errorBody(this.code, this.message, this.extra);
  }
}

/** A library's 4xx (koa's `ctx.throw`, koa-send) as the shop answers it; any other 4xx is a plain 404. */
const LIBRARY_ERRORS: Record<number, [string, string]> = {
  400: ['validation_failed', GENERIC_MESSAGES.badRequest],
  404: ['not_found', GENERIC_MESSAGES.notFound],
  405: ['method_not_allowed', GENERIC_MESSAGES.methodNotAllowed],
  413: ['payload_too_large', GENERIC_MESSAGES.payloadTooLargeGeneric],
  415: ['unsupported_media_type', GENERIC_MESSAGES.unsupportedMediaType],
};

function toApiError(error: unknown, mapError?: (error: unknown) => ApiError | undefined): ApiError {
  if (error instanceof ApiError) return error;
  const mapped = mapError?.(error);
  if (mapped) return mapped;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = LIBRARY_ERRORS[status];
    return known ? new ApiError(status, known[0], known[1]) : new ApiError(404, 'not_found', GENERIC_MESSAGES.notFound);
  }
  return new ApiError(500, 'internal_error', GENERIC_MESSAGES.internal);
}

/** Answers `error` in the envelope (not stored), unless the answer has already begun. */
export function sendApiError(ctx: Context, error: ApiError): void {
  if (ctx.headerSent || !ctx.writable) return;
  ctx.set(error.headers);
  ctx.set('Cache-Control', 'no-store');
  ctx.status = error.status;
  ctx.body = error.toBody();
}

/**
 * Turns whatever is thrown below into the envelope with a French message: an ApiError as it is, what `mapError` knows
 * (a store outage…), a library's 4xx kept as a 4xx, anything else a 500 logged with the request, never its details.
 * With `unmatched`, a request nothing below answered (Koa's bare 404) is a 404 in the envelope too (an API's, not a
 * page's, answer). Each answer is `no-store`; nothing is sent once the answer has begun.
 */
export function apiErrors(options: {
  log: { error(object: object, message: string): void };
  logMessage?: string;
  mapError?: (error: unknown) => ApiError | undefined;
  unmatched?: boolean;
  /** The refusal as this request's client reads it (its language), just before it is sent; as it is by default. */
  present?: (error: ApiError, ctx: Context) => ApiError;
}): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (options.unmatched && ctx.status === 404 && ctx.body == null) throw new ApiError(404, 'not_found', GENERIC_MESSAGES.notFound);
    } catch (error) {
      const known = toApiError(error, options.mapError);
      if (known.status >= 500) options.log.error({ err: error, method: ctx.method, path: ctx.path.slice(0, 200) }, options.logMessage ?? 'request failed');
      sendApiError(ctx, options.present ? options.present(known, ctx) : known);
    }
  };
}

/** 405 with `Allow` and the envelope. */
export function methodNotAllowed(ctx: Context, allow: string): void {
  ctx.set('Allow', allow);
  sendApiError(ctx, new ApiError(405, 'method_not_allowed', GENERIC_MESSAGES.methodNotAllowed));
}
