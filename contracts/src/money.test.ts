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

describe('formatPrice in Arabic', () => {
  it('writes Western digits and the dirham sign, without ICU’s direction marks', () => {
    const text = formatPrice(1249.5, 'ar-MA');
    expect(text).toMatch(/1.?249,50/);
    expect(text).toContain('د.م.');
    expect(text).not.toMatch(/[\u200e\u200f\u061c]/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });
  it('leaves French as Intl writes it', () => {
    expect(formatPrice(89, 'fr-MA')).toBe(formatPrice(89));
  });
});
