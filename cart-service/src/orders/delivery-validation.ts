import { checkDelivery, deliveryMessages, type DeliveryErrors } from '@shop/contracts/delivery';
import type { DeliveryDetails, TrackOrderBody } from '@shop/contracts/orders';
import { ApiError, messages } from '../http/api-error';
import { checkTracking, type TrackingErrors } from '@shop/contracts/tracking';

/**
 * The service is the authority on delivery details; the rules and their French texts are the ones the checkout form
 * applies first (contracts/src/delivery.ts).
 */
export { deliveryMessages } from '@shop/contracts/delivery';

type Fields = Record<string, string>;

function fieldsOf(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_failed', messages.expectedObject);
  }
  // JSON.parse keeps `__proto__` as an own key: refusing unknown keys also refuses that.
  if (Object.keys(body).some((key) => !allowed.includes(key))) {
    throw new ApiError(400, 'validation_failed', messages.unknownField);
  }
  return body as Record<string, unknown>;
}

function fail(fields: DeliveryErrors | TrackingErrors): never {
  // Either only holds the fields that failed: every value is a message.
  throw new ApiError(400, 'validation_failed', deliveryMessages.summary, {}, fields as Fields);
}

/** Every invalid field at once (a form shows them all), trimmed values with the phone normalised. */
export function validateDelivery(body: unknown): DeliveryDetails {
  const { errors, details } = checkDelivery(fieldsOf(body, ['fullName', 'phone', 'city', 'address', 'note']));
  if (!details) fail(errors);
  return details;
}

/** The tracking form: a well-formed number and phone (both normalised), by the contracts' rules. */
export function validateTracking(body: unknown): TrackOrderBody {
  const { errors, value } = checkTracking(fieldsOf(body, ['number', 'phone']));
  if (!value) fail(errors);
  return value;
}
