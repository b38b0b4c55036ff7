import { describe, expect, it } from 'vitest';
import { inStock, lowStock, outOfStock } from '../shared/product-fixtures';
import { QUANTITY_LIMITS } from '@shop/contracts/cart';
import { maxFormatQuantity } from './stock-limits';

const MAX_QUANTITY = QUANTITY_LIMITS.max;

describe('maxFormatQuantity', () => {
  it('divides what is left by the format’s units, rounding down', () => {
    expect(maxFormatQuantity(lowStock(5), 1)).toBe(5);
    expect(maxFormatQuantity(lowStock(5), 2)).toBe(2);
    expect(maxFormatQuantity(lowStock(5), 3)).toBe(1);
    expect(maxFormatQuantity(lowStock(1), 2)).toBe(0);
  });

  it('is the line cap in stock, and nothing out of stock', () => {
    expect(maxFormatQuantity(inStock, 1)).toBe(MAX_QUANTITY);
    expect(maxFormatQuantity(inStock, 2)).toBe(49);
    expect(maxFormatQuantity(lowStock(500), 1)).toBe(MAX_QUANTITY);
    expect(maxFormatQuantity(outOfStock, 1)).toBe(0);
  });
});
