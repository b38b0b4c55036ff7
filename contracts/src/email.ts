// Deliberately simple: one @, a dot in the domain, no spaces. The server is the final judge where there is one.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}
