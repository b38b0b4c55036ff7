// Deliberately simple: one @, a dot in the domain, no spaces. The server is the final judge where there is one.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** What a form says of an address that is not one (the contact form, « Me prévenir »). */
export const EMAIL_INVALID = 'Saisissez une adresse e-mail valide, par exemple nom@exemple.ma.';
