import { describe, expect, it } from 'vitest';
import { breadcrumbProductKey, isListingKey, productKey, serverReadablePath } from './data-keys';
import { listingKey } from './listing-key';

describe('serverReadablePath', () => {
  it('names the catalogue and product reads the server may hand over', () => {
    expect(serverReadablePath(listingKey('', {}, undefined))).toBe('/api/products');
    expect(serverReadablePath(productKey('', 'huile d’argan'))).toBe('/api/products/huile%20d%E2%80%99argan');
    expect(serverReadablePath(breadcrumbProductKey('savon-noir'))).toBe('/api/products/savon-noir');
  });

  it('names a listing page by its query, in one order, defaults left out', () => {
    const key = listingKey('', { category: 'face', q: 'huile', sort: 'prix-croissant', price: '100-200', promo: true, inStock: true, limit: 8, cursor: 'abc_D-1' }, undefined);
    expect(key).toBe('/api/products?category=face&q=huile&sort=prix-croissant&prix=100-200&promo=1&dispo=1&limit=8&cursor=abc_D-1');
    expect(serverReadablePath(key)).toBe(key);
    expect(serverReadablePath(listingKey('', { category: 'all', limit: 24, promo: false }, undefined))).toBe('/api/products');
    expect(serverReadablePath(listingKey('', { ids: ['savon-noir', 'p2'] }, undefined))).toBe('/api/products?ids=savon-noir%2Cp2');
    expect(listingKey('http://api.test', { category: 'pack' }, undefined)).toBe('http://api.test/api/products?category=pack');
  });

  it('tells listing keys from the rest, to revalidate every listing shown', () => {
    expect(isListingKey(listingKey('', { promo: true }, undefined), '')).toBe(true);
    expect(isListingKey(listingKey('', {}, undefined), '')).toBe(true);
    expect(isListingKey(productKey('', 'savon-noir'), '')).toBe(false);
    expect(isListingKey('/api/products/savon-noir', '')).toBe(false);
  });

  it('refuses private or unknown reads: the cart, orders, other origins, queries no page writes', () => {
    for (const key of [
      '/api/cart',
      ['x', '/api/orders/ABCD-EFGH'],
      'http://evil.test/api/products',
      '/api/products?x=1',
      '/api/products?category=face&x=1',
      '/api/products?category=face&category=body',
      '/api/products?sort=nom&category=face',
      '/api/products?category=',
      '/api/products?q=a%20b&q=c',
      '/api/products/a/b',
      ['a', 'b', '/api/products'],
      null,
      42,
    ]) {
      expect(serverReadablePath(key), JSON.stringify(key)).toBeNull();
    }
  });
});

describe('serverReadablePath for a page rendered for one shopper', () => {
  it('adds their cart and their order, and nothing else', () => {
    expect(serverReadablePath('/api/cart', true)).toBe('/api/cart');
    expect(serverReadablePath(['x', '/api/orders/ABCD-EFGH'], true)).toBe('/api/orders/ABCD-EFGH');
    for (const key of ['/api/orders', '/api/cart?x=1', '/api/cart/add', '/api/newsletter', 'http://evil.test/api/cart']) {
      expect(serverReadablePath(key, true), JSON.stringify(key)).toBeNull();
    }
  });
});

describe('reads in Arabic (decision 036)', () => {
  it('ask the API for the language, and the server may hand them over', () => {
    expect(listingKey('', {}, 'ar-MA')).toBe('/api/products?lang=ar-MA');
    expect(serverReadablePath(listingKey('', {}, 'ar-MA'))).toBe('/api/products?lang=ar-MA');
    expect(serverReadablePath(listingKey('', { category: 'hair', q: 'زيت' }, 'ar-MA'))).toBe('/api/products?category=hair&q=%D8%B2%D9%8A%D8%AA&lang=ar-MA');
    expect(serverReadablePath(productKey('', 'savon-noir', 'ar-MA'))).toBe('/api/products/savon-noir?lang=ar-MA');
    expect(serverReadablePath('/api/cart?lang=ar-MA', true)).toBe('/api/cart?lang=ar-MA');
  });
  it('refuses a language the shop does not speak, or French asked for by name', () => {
    for (const key of ['/api/products?lang=en', '/api/products?lang=fr-MA', '/api/products?lang=ar-MA&x=1', '/api/products?lang=ar-MA&category=face']) {
      expect(serverReadablePath(key), key).toBeNull();
    }
  });
});
