import type { TrackOrderBody } from '@shop/contracts/orders';
import { deliveryMessages, normalizeMoroccanPhone } from '../checkout/delivery-validation';
import { normalizeOrderNumber } from './order-number';

export type TrackingErrors = Partial<Record<keyof TrackOrderBody, string>>;

/** The same texts as cart-service's tracking validation; the phone's are the checkout's. */
export const trackingMessages = {
  numberMissing: 'Indiquez votre numéro de commande.',
  numberInvalid: 'Numéro de commande invalide : 8 caractères, par exemple K7M2-Q9XP.',
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
