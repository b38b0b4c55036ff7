import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice } from './format-price';

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

describe('formatPrice', () => {
  it('formats MAD with fr-MA', () => {
    expect(formatPrice(89)).toBe(new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' }).format(89));
  });
});
