import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/contracts/cart';
import { stepQuantity, withoutPending, withPendingQuantities } from './optimistic-quantities';

const items: CartItem[] = [
  { productId: 'a', name: 'A', price: 10, quantity: 1, images: [] },
  { productId: 'b', name: 'B', price: 20, quantity: 4, images: [] },
];

describe('withPendingQuantities', () => {
  it('lays pending quantities over the server lines and leaves the others', () => {
    const shown = withPendingQuantities(items, { b: 7 });
    expect(shown.map((i) => i.quantity)).toEqual([1, 7]);
    expect(shown[0]).toBe(items[0]);
  });

  it('ignores pending quantities of lines the server no longer has', () => {
    expect(withPendingQuantities(items, { gone: 3 })).toEqual(items);
  });
});

describe('stepQuantity', () => {
  it('never goes below 1 with minus', () => {
    expect(stepQuantity(1, -1)).toBe(1);
    expect(stepQuantity(2, -1)).toBe(1);
  });

  it('has no client cap with plus', () => {
    expect(stepQuantity(99, 1)).toBe(100);
  });
});

describe('withoutPending', () => {
  it('drops one product and keeps the same object when there is nothing to drop', () => {
    const pending = { a: 2, b: 3 };
    expect(withoutPending(pending, 'a')).toEqual({ b: 3 });
    expect(withoutPending(pending, 'c')).toBe(pending);
  });
});
