import { randomInt } from 'node:crypto';

/**
 * Order numbers are read over the phone and typed by shoppers: 8 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), shown as two groups, e.g. `K7M2-Q9XP`. 31^8 ≈ 8.5 × 10^11 numbers drawn with a CSPRNG: with
 * tracking also asking for the phone and slowing down repeated failures, guessing one is hopeless.
 */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;

export function newOrderNumber(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i += 1) raw += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

const ALLOWED = new RegExp(`^[${ORDER_NUMBER_ALPHABET}]{${LENGTH}}$`);

/** `k7m2 q9xp`, `K7M2Q9XP` and `K7M2-Q9XP` are the same number; anything else is not a number (null). */
export function normalizeOrderNumber(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!ALLOWED.test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}
