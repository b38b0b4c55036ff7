import type { TrackOrderBody } from './orders';
import { deliveryMessagesIn, normalizeMoroccanPhone, type DeliveryMessages } from './delivery';
import { DEFAULT_LOCALE, type Localized, type ShopLocale } from './locales';
import { normalizeOrderNumber } from './order-number';

/**
 * The order-tracking rules both sides of the wire apply: the tracking form checks them before asking (cart-service
 * counts failed look-ups and slows a visitor down, so a typo should not cost one); cart-service refuses with them.
 */

export type TrackingErrors = Partial<Record<keyof TrackOrderBody, string>>;

/** The tracking form's texts in one language: the delivery form's, written once there. */
const trackingTexts = (messages: DeliveryMessages) => ({
  numberMissing: messages.numberMissing,
  numberInvalid: messages.numberInvalid,
  phoneMissing: messages.phoneMissing,
  phoneInvalid: messages.phoneInvalid,
});

export type TrackingMessages = ReturnType<typeof trackingTexts>;

/** The texts of the tracking form's fields in each shop language. */
export const trackingMessagesIn: Localized<TrackingMessages> = {
  'fr-MA': trackingTexts(deliveryMessagesIn['fr-MA']),
  'ar-MA': trackingTexts(deliveryMessagesIn['ar-MA']),
};

/** The French texts. */
export const trackingMessages: TrackingMessages = trackingMessagesIn[DEFAULT_LOCALE];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Both fields at once: the message per invalid field (French unless `locale` says otherwise), and when there is none,
 * the number and phone normalised (`K7M2-Q9XP`, `+212XXXXXXXXX`). A value that is not a string counts as missing.
 */
export function checkTracking(
  raw: Partial<Record<keyof TrackOrderBody, unknown>>,
  locale: ShopLocale = DEFAULT_LOCALE,
): { errors: TrackingErrors; value?: TrackOrderBody } {
  const messages = trackingMessagesIn[locale];
  const errors: TrackingErrors = {};
  const numberText = text(raw.number);
  const number = normalizeOrderNumber(numberText);
  if (!numberText) errors.number = messages.numberMissing;
  else if (!number) errors.number = messages.numberInvalid;
  const phoneText = text(raw.phone);
  const phone = normalizeMoroccanPhone(phoneText);
  if (!phoneText) errors.phone = messages.phoneMissing;
  else if (!phone) errors.phone = messages.phoneInvalid;
  if (!number || !phone) return { errors };
  return { errors, value: { number, phone } };
}
