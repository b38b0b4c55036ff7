import { emailInvalidIn, isValidEmail } from './email';
import { DEFAULT_LOCALE, type Localized, type ShopLocale } from './locales';

/**
 * « Me prévenir »: an address to write to when an out-of-stock product is back. The form checks it first; cart-service
 * (`POST /api/restock-alerts`) refuses with the same texts, in the language asked for, and stores one alert per address
 * and product.
 */
export interface RestockAlertBody {
  productId: string;
  email: string;
}

const frenchRestockAlertMessages = {
  emailMissing: 'Saisissez votre adresse e-mail.',
  emailInvalid: emailInvalidIn['fr-MA'],
  /** `productName` in the same language as the sentence. */
  saved: (productName: string) => `C’est noté : nous vous écrirons dès que « ${productName} » sera de retour en stock.`,
};

export type RestockAlertMessages = typeof frenchRestockAlertMessages;

/** « Me prévenir »'s texts in each shop language. */
export const restockAlertMessagesIn: Localized<RestockAlertMessages> = {
  'fr-MA': frenchRestockAlertMessages,
  'ar-MA': {
    emailMissing: 'أدخل عنوان بريدك الإلكتروني.',
    emailInvalid: emailInvalidIn['ar-MA'],
    saved: (productName: string) => `تم تسجيل طلبك: سنراسلك فور عودة « ${productName} » إلى المخزون.`,
  },
};

/** The French texts. */
export const restockAlertMessages: RestockAlertMessages = restockAlertMessagesIn[DEFAULT_LOCALE];

/** The address's error in `locale` (French by default), or undefined when it is valid. */
export function checkRestockEmail(raw: unknown, locale: ShopLocale = DEFAULT_LOCALE): string | undefined {
  const messages = restockAlertMessagesIn[locale];
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return messages.emailMissing;
  return isValidEmail(value) ? undefined : messages.emailInvalid;
}

export interface RestockAlertAnswer {
  saved: true;
  message: string;
}
