import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice } from './format-price';

describe('discountPercent', () => {
  it('is the whole-percent saving from the old price', () => {
    expect(discountPercent(150, 200)).toBe(25);
    expect(discountPercent(199, 249)).toBe(20);
  });
});

describe('formatPrice', () => {
  it('formats MAD with fr-MA', () => {
    expect(formatPrice(89)).toBe(new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' }).format(89));
  });
});
