import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/contracts/cart';
import { cartTotal } from './cart-total';

const line = (productId: string, price: number, quantity: number): CartItem => ({
  productId,
  name: productId,
  price,
  quantity,
  images: [],
});

describe('cartTotal', () => {
  it('is the sum of price times quantity, with no fee', () => {
    expect(cartTotal([line('a', 120, 2), line('b', 89.5, 3)])).toBe(508.5);
  });

  it('does not drift on decimal prices', () => {
    expect(cartTotal([line('a', 0.1, 3), line('b', 0.2, 1)])).toBe(0.5);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
  });
});
