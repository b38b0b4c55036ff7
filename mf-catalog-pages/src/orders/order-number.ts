/** cart-service's order-number alphabet: no 0/O or 1/I/L, since numbers are read over the phone. */
const ORDER_NUMBER = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/**
 * `k7m2 q9xp`, `K7M2Q9XP` and `K7M2-Q9XP` are the same number (the service accepts them all); anything else is null,
 * so the form can say so before asking the service, which counts failed look-ups.
 */
export function normalizeOrderNumber(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return ORDER_NUMBER.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : null;
}
