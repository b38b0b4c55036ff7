import type { TrackOrderBody } from './orders';
import { deliveryMessages, normalizeMoroccanPhone } from './delivery';
import { normalizeOrderNumber } from './order-number';

/**
 * The order-tracking rules both sides of the wire apply: the tracking form checks them before asking (cart-service
 * counts failed look-ups and slows a visitor down, so a typo should not cost one); cart-service refuses with them.
 */

export type TrackingErrors = Partial<Record<keyof TrackOrderBody, string>>;

/** The French texts of the tracking form's fields (the phone's are the delivery form's). */
export const trackingMessages = {
  numberMissing: deliveryMessages.numberMissing,
  numberInvalid: deliveryMessages.numberInvalid,
  phoneMissing: deliveryMessages.phoneMissing,
  phoneInvalid: deliveryMessages.phoneInvalid,
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Both fields at once: the French message per invalid field, and when there is none, the number and phone normalised
 * (`K7M2-Q9XP`, `+212XXXXXXXXX`). A value that is not a string counts as missing.
 */
export function checkTracking(raw: Partial<Record<keyof TrackOrderBody, unknown>>): { errors: TrackingErrors; value?: TrackOrderBody } {
  const errors: TrackingErrors = {};
  const numberText = text(raw.number);
  const number = normalizeOrderNumber(numberText);
  if (!numberText) errors.number = trackingMessages.numberMissing;
  else if (!number) errors.number = trackingMessages.numberInvalid;
  const phoneText = text(raw.phone);
  const phone = normalizeMoroccanPhone(phoneText);
  if (!phoneText) errors.phone = trackingMessages.phoneMissing;
  else if (!phone) errors.phone = trackingMessages.phoneInvalid;
  if (!number || !phone) return { errors };
  return { errors, value: { number, phone } };
}
