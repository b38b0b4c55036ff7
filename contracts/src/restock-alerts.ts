import { EMAIL_INVALID, isValidEmail } from './email';

/**
 * « Me prévenir »: an address to write to when an out-of-stock product is back. The form checks it first; cart-service
 * (`POST /api/restock-alerts`) refuses with the same French texts and stores one alert per address and product.
 */
export interface RestockAlertBody {
  productId: string;
  email: string;
}

export const restockAlertMessages = {
  emailMissing: 'Saisissez votre adresse e-mail.',
  emailInvalid: EMAIL_INVALID,
  saved: (productName: string) => `C’est noté : nous vous écrirons dès que « ${productName} » sera de retour en stock.`,
} as const;

/** The address's French error, or undefined when it is valid. */
export function checkRestockEmail(raw: unknown): string | undefined {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return restockAlertMessages.emailMissing;
  return isValidEmail(value) ? undefined : restockAlertMessages.emailInvalid;
}

export interface RestockAlertAnswer {
  saved: true;
  message: string;
}
