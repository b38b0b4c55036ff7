import { describe, expect, it } from 'vitest';
import { cartKey, cartLineCount, clampQuantity, QUANTITY_LIMITS, type CartItem } from './cart';

describe('quantity limits', () => {
  it('are 1 to 99', () => {
    expect(QUANTITY_LIMITS).toEqual({ min: 1, max: 99 });
  });

  it('clamps a typed or stepped quantity into the limits, rounding, and to a smaller cap when stock is low', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(2.6)).toBe(3);
    expect(clampQuantity(150)).toBe(99);
    expect(clampQuantity(7, 3)).toBe(3);
  });
});

describe('the cart key', () => {
  it('is the cart’s URL, on the page’s origin or an API base', () => {
    expect(cartKey()).toBe('/api/cart');
    expect(cartKey('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/api/cart');
  });
});

describe('the badge figure', () => {
  const line = (productId: string, quantity: number) => ({ productId, quantity }) as CartItem;
  it('counts distinct lines, not units', () => {
    expect(cartLineCount([line('a', 5), line('b', 1)])).toBe(2);
    expect(cartLineCount([])).toBe(0);
  });
});
