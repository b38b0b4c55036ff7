import { describe, expect, it } from 'vitest';
import { catalogue } from '../test-support/test-app';
import { cartJson } from './cart-json';
import { resolveCart } from '../store/resolve-cart';

describe('cartJson', () => {
  it('gives exactly JSON.stringify({cart}) for any cart, twice in a row (cached fragments)', () => {
    const all = catalogue().products.map((p, i) => ({ productId: p.id, quantity: (i % 99) + 1 }));
    for (const lines of [[], all.slice(0, 1), all.slice(3, 9), all]) {
      const { items } = resolveCart(lines, catalogue());
      expect(cartJson(items, catalogue())).toBe(JSON.stringify({ cart: items }));
      expect(cartJson(items, catalogue())).toBe(JSON.stringify({ cart: items }));
    }
  });
});
