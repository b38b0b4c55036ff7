import { describe, expect, it } from 'vitest';
import { aProduct, inStock, lowStock, outOfStock } from '../shared/product-fixtures';
import { pickFeatured } from './featured-product';

describe('pickFeatured', () => {
  const catalogue = [
    aProduct('a', { availability: inStock }),
    aProduct('b', { oldPrice: 150, availability: outOfStock }),
    aProduct('c', { availability: lowStock(2) }),
    aProduct('d', { oldPrice: 150, availability: lowStock(4) }),
    aProduct('e', { availability: outOfStock }),
    aProduct('f', { oldPrice: 150, availability: inStock }),
  ];

  it('picks the first out-of-stock or low-stock product from the availability the service gave', () => {
    expect(pickFeatured(catalogue, 'out-of-stock')?.id).toBe('b');
    expect(pickFeatured(catalogue, 'low-stock')?.id).toBe('c');
  });

  it('never features an out-of-stock product as the promotion', () => {
    expect(pickFeatured(catalogue, 'promotion')?.id).toBe('d');
    const noSaleLeft = [aProduct('a', { oldPrice: 150, availability: outOfStock }), aProduct('b', { availability: outOfStock }), aProduct('c')];
    expect(pickFeatured(noSaleLeft, 'promotion')?.id).toBe('c');
  });

  it('finds nothing when no product is in that state right now', () => {
    const allInStock = [aProduct('a'), aProduct('b', { oldPrice: 150 })];
    expect(pickFeatured(allInStock, 'out-of-stock')).toBeUndefined();
    expect(pickFeatured(allInStock, 'low-stock')).toBeUndefined();
    expect(pickFeatured([aProduct('a', { availability: outOfStock })], 'promotion')).toBeUndefined();
  });
});
