import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice } from './money';

describe('formatPrice', () => {
  it('formats MAD the way fr-MA does', () => {
    const expected = new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' }).format(1249.5);
    expect(formatPrice(1249.5)).toBe(expected);
    // The currency and the decimal comma are there whatever the ICU version's exact spacing.
    expect(formatPrice(1249.5)).toMatch(/1.?249,50/);
    expect(formatPrice(1249.5)).toMatch(/MAD|DH/i);
  });
});

describe('discountPercent', () => {
  it('is the whole-percent saving from the old price', () => {
    expect(discountPercent(150, 200)).toBe(25);
    expect(discountPercent(199, 249)).toBe(20);
  });
  it('rounds to the nearest percent, as on the real catalogue', () => {
    expect(discountPercent(289, 340)).toBe(15);
    expect(discountPercent(449, 537)).toBe(16);
    expect(discountPercent(59, 59)).toBe(0);
  });
});
