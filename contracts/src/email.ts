import { DEFAULT_LOCALE, type Localized } from './locales';

// Deliberately simple: one @, a dot in the domain, no spaces. The server is the final judge where there is one.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** What a form says of an address that is not one (the contact form, « Me prévenir »), in each shop language. */
export const emailInvalidIn: Localized = {
  'fr-MA': 'Saisissez une adresse e-mail valide, par exemple nom@exemple.ma.',
  'ar-MA': 'أدخل عنوان بريد إلكتروني صحيحًا، مثل name@example.ma.',
};

/** The French one. */
export const EMAIL_INVALID: string = emailInvalidIn[DEFAULT_LOCALE];
