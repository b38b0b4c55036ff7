import { DEFAULT_LOCALE, type Localized } from './locales';

/**
 * The largest request bodies cart-service accepts, in bytes. The shell's server refuses bigger ones itself (413) before
 * proxying, so both read these values (a runtime export, for the servers; browsers never send that much).
 */
export const API_BODY_LIMITS = {
  /** Cart changes, newsletter, order tracking, operators' routes. */
  default: 2048,
  /** Placing an order: delivery details with a note of up to 500 characters. */
  order: 8192,
} as const;

/** The largest body any API route accepts. */
export const MAX_API_BODY_BYTES: number = Math.max(...Object.values(API_BODY_LIMITS));

/** The answer to a body over `limitBytes` (413), whichever server refuses it, in each shop language. */
export const bodyTooLargeMessages: Localized<(limitBytes: number) => string> = {
  'fr-MA': (limitBytes) => `Le corps de la requête est trop volumineux (${limitBytes} octets au maximum).`,
  'ar-MA': (limitBytes) => `محتوى الطلب كبير جدًا (الحد الأقصى ${limitBytes} بايت).`,
};

/** The French one. */
export const bodyTooLargeMessage: (limitBytes: number) => string = bodyTooLargeMessages[DEFAULT_LOCALE];
