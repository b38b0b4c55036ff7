import { describe, expect, it } from 'vitest';
import { productsInCategory } from './products';

describe('productsInCategory', () => {
  const products = [{ id: 'a', category: 'face' }, { id: 'b', category: 'hair' }, { id: 'c', category: 'face' }] as const;
  it('keeps a category\'s products in catalogue order, and the whole catalogue for `all`', () => {
    expect(productsInCategory(products, 'face').map((p) => p.id)).toEqual(['a', 'c']);
    expect(productsInCategory(products, 'pack')).toEqual([]);
    expect(productsInCategory(products, 'all')).toBe(products);
  });
});
