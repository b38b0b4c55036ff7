import { describe, expect, it } from 'vitest';
import { breadcrumbProductKey, productKey } from '@shop/contracts/data-keys';
import { listingKey } from '@shop/contracts/listing-key';
import type { ProductPage } from '@shop/contracts/product-query';
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

const pageOf = (products: Product[]): ProductPage => ({
  products,
  total: products.length,
  facets: { categories: { face: products.length, body: 0, hair: 0, pack: 0 }, prices: { 'moins-100': 0, '100-200': products.length, 'plus-200': 0 }, promo: 0, inStock: products.length },
  nextCursor: null,
});

const FIRST_PAGE = { category: 'all', q: '', promo: false, inStock: false, limit: 24 };

describe('catalogueSeen', () => {
  it('sees the listing pages a French page read, each with its query, and its product with its related ones’ ids', () => {
    const list = [product('Huile d’argan')];
    const related = { ...product('Savon noir'), id: 'sv-002' };
    expect(
      catalogueSeen([
        [listingKey('', { category: 'face', cursor: 'abc' }, undefined), pageOf(list)],
        [productKey('', 'huile-argan'), { product: list[0], related: [related] }],
      ]),
    ).toEqual({ listings: [{ query: { ...FIRST_PAGE, category: 'face', cursor: 'abc' }, page: pageOf(list) }], product: list[0], relatedIds: ['sv-002'] });
  });

  it('sees what an Arabic page read in Arabic (?lang=ar-MA), so its <head> names the products in Arabic', () => {
    const list = [product('زيت الأركان')];
    const seen = catalogueSeen([
      [listingKey('', { promo: true, limit: 4 }, 'ar-MA'), pageOf(list)],
      [productKey('', 'huile-argan', 'ar-MA'), { product: list[0], related: [] }],
      [breadcrumbProductKey('huile-argan', 'ar-MA'), { product: list[0] }],
    ]);
    expect(seen).toEqual({ listings: [{ query: { ...FIRST_PAGE, promo: true, limit: 4 }, page: pageOf(list) }], product: list[0], relatedIds: [] });
  });

  it('ignores keys the server may not read and answers of another shape', () => {
    expect(catalogueSeen([['/api/cart', { products: [] }], [listingKey('', {}, 'ar-MA'), { error: 'x' }]])).toEqual({});
  });
});
