/**
 * The one shape of every server's refusals, `{error: {code, message, …}}`: a code, a message, and the fields that
 * code adds (server-kit's `errorBody` writes it; cart-service's `ApiErrorBody`, the console's `OperationsErrorBody`).
 */
export interface ErrorEnvelope<Code extends string = string, Extra extends object = object> {
  error: { code: Code; message: string } & Extra;
}

/**
 * Every 4xx/5xx answer of cart-service has this body. `message` can be shown to a shopper: it is in the language the
 * request asked for (`?lang=`, else `Accept-Language`, else French: `requestedLocale` in locales.ts); `code` is the
 * same in every language.
 */
export type ApiErrorBody = ErrorEnvelope<
  ApiErrorCode,
  {
    /** For `validation_failed` on a form: a message per invalid field (in the same language), keyed by the body's field name. */
    fields?: Record<string, string>;
  }
>;

export type ApiErrorCode =
  | 'unsupported_media_type'
  | 'invalid_json'
  | 'payload_too_large'
  | 'validation_failed'
  | 'product_not_found'
  | 'cart_empty'
  /** 409: a line asks for more units than are left (`message` names the product); nothing was written. */
  | 'out_of_stock'
  /** 422: this Idempotency-Key already placed an order with another body; nothing new was written. */
  | 'idempotency_key_reused'
  | 'order_not_found'
  | 'invalid_transition'
  /** 409: a merchandiser's save made from a version of the product that another save has since replaced. */
  | 'stale_version'
  /** 409: the slug is already another product's address. */
  | 'slug_taken'
  /** 415: an upload that is not a JPEG, PNG or WebP by its content. */
  | 'unsupported_image'
  /** 422: a photo of more pixels than PHOTO_UPLOAD_LIMITS allows. */
  | 'image_too_large'
  | 'too_many_attempts'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'forbidden_origin'
  | 'internal_error'
  | 'unavailable'
  /** The shell's server reached cart-service but lost its answer: the change may have been made. */
  | 'upstream_timeout';

/**
 * The answer when the shop's servers cannot be reached at all: the shell's proxy when cart-service does not answer,
 * and the edge (deploy/haproxy/errors/503-api.http, checked against this) when no shell does.
 */
export const SHOP_UNAVAILABLE_MESSAGE = 'La boutique est momentanément indisponible. Réessayez dans un instant.';
