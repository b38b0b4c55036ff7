/**
 * The order-number format: read over the phone and typed by shoppers, so 8 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L), shown as two groups of 4, e.g. `K7M2-Q9XP`. cart-service draws them (with a CSPRNG) and
 * reads them back; the tracking form checks one before asking the service, which counts failed look-ups.
 */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_NUMBER_LENGTH = 8;

const GROUP = `[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH / 2}}`;
/** A number as the service answers and shows it: two groups of 4 joined by a hyphen. */
export const ORDER_NUMBER_FORMAT = new RegExp(`^${GROUP}-${GROUP}$`);

const COMPACT = new RegExp(`^[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`);

/** The 8 characters of a number as shown: `K7M2Q9XP` → `K7M2-Q9XP`. */
export function formatOrderNumber(compact: string): string {
  const half = ORDER_NUMBER_LENGTH / 2;
  return `${compact.slice(0, half)}-${compact.slice(half)}`;
}

/** `k7m2 q9xp`, `K7M2Q9XP` and `K7M2-Q9XP` are the same number; anything else is not a number (null). */
export function normalizeOrderNumber(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return COMPACT.test(compact) ? formatOrderNumber(compact) : null;
}
