import { describe, expect, it } from 'vitest';
import { breadcrumbProductKey, productKey, productsKey } from '@shop/contracts/data-keys';
import type { Product } from '@shop/contracts/products';
import { catalogueSeen } from './catalogue-seen';

const product = (name: string): Product => ({
  id: 'p1',
  slug: 'huile-argan',
  name,
  description: name,
  category: 'face',
  price: 120,
  images: ['/images/products/huile-argan.svg'],
  updatedAt: '2026-11-02',
  availability: { status: 'in-stock' },
});

describe('catalogueSeen', () => {
  it('sees the catalogue a French page read', () => {
    const list = [product('Huile d’argan')];
    expect(catalogueSeen([[productsKey(''), { products: list }], [productKey('', 'huile-argan'), { product: list[0] }]])).toEqual({
      products: list,
      product: list[0],
    });
  });

  it('sees the catalogue an Arabic page read in Arabic (?lang=ar-MA), so its <head> names the products in Arabic', () => {
    const list = [product('زيت الأركان')];
    const seen = catalogueSeen([
      [productsKey('', 'ar-MA'), { products: list }],
      [productKey('', 'huile-argan', 'ar-MA'), { product: list[0] }],
      [breadcrumbProductKey('huile-argan', 'ar-MA'), { product: list[0] }],
    ]);
    expect(seen).toEqual({ products: list, product: list[0] });
  });

  it('ignores keys the server may not read and answers of another shape', () => {
    expect(catalogueSeen([['/api/cart', { products: [] }], [productsKey('', 'ar-MA'), { error: 'x' }]])).toEqual({});
  });
});
