import type { TrackOrderBody } from '@shop/contracts/orders';
import { deliveryMessages, normalizeMoroccanPhone } from '@shop/contracts/delivery';
import { normalizeOrderNumber } from '@shop/contracts/order-number';

export type TrackingErrors = Partial<Record<keyof TrackOrderBody, string>>;

/** The same texts as cart-service's tracking validation (contracts/src/delivery.ts). */
export const trackingMessages = {
  numberMissing: deliveryMessages.numberMissing,
  numberInvalid: deliveryMessages.numberInvalid,
  phoneMissing: deliveryMessages.phoneMissing,
  phoneInvalid: deliveryMessages.phoneInvalid,
} as const;

export function validateTracking(values: TrackOrderBody): TrackingErrors {
  const errors: TrackingErrors = {};
  if (!values.number.trim()) errors.number = trackingMessages.numberMissing;
  else if (!normalizeOrderNumber(values.number)) errors.number = trackingMessages.numberInvalid;
  if (!values.phone.trim()) errors.phone = trackingMessages.phoneMissing;
  else if (!normalizeMoroccanPhone(values.phone)) errors.phone = trackingMessages.phoneInvalid;
  return errors;
}
