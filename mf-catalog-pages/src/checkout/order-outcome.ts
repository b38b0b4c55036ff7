import { HttpError } from '../shared/api';

/**
 * Whether the service definitely refused the order, so nothing was written: a 4xx answer other than 408 (invalid
 * details, empty cart, out_of_stock, idempotency_key_reused…). The next attempt must then use a new Idempotency-Key.
 * Anything else leaves the outcome unknown (no answer, 408, a 502/503/504 from the shop's proxy, a 500, an answer that
 * could not be read): the order may have been placed, and only the same key makes a retry replay it instead of
 * placing a second one.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408;
}
