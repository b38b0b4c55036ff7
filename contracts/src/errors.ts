/** Every 4xx/5xx answer of cart-service has this body. `message` is French and can be shown to a shopper. */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
  };
}

export type ApiErrorCode =
  | 'unsupported_media_type'
  | 'invalid_json'
  | 'payload_too_large'
  | 'validation_failed'
  | 'product_not_found'
  | 'not_found'
  | 'method_not_allowed'
  | 'forbidden_origin'
  | 'internal_error'
  | 'unavailable';
