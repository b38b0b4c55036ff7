import { describe, expect, it } from 'vitest';
import { breadcrumbProductKey, productKey, productsKey, serverReadablePath } from './data-keys';

describe('serverReadablePath', () => {
  it('names the catalogue and product reads the server may hand over', () => {
    expect(serverReadablePath(productsKey(''))).toBe('/api/products');
    expect(serverReadablePath(productKey('', 'huile d’argan'))).toBe('/api/products/huile%20d%E2%80%99argan');
    expect(serverReadablePath(breadcrumbProductKey('savon-noir'))).toBe('/api/products/savon-noir');
  });

  it('refuses private or unknown reads: the cart, orders, other origins, queries', () => {
    for (const key of ['/api/cart', ['x', '/api/orders/ABCD-EFGH'], 'http://evil.test/api/products', '/api/products?x=1', '/api/products/a/b', ['a', 'b', '/api/products'], null, 42]) {
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
    expect(productsKey('', 'ar-MA')).toBe('/api/products?lang=ar-MA');
    expect(serverReadablePath(productsKey('', 'ar-MA'))).toBe('/api/products?lang=ar-MA');
    expect(serverReadablePath(productKey('', 'savon-noir', 'ar-MA'))).toBe('/api/products/savon-noir?lang=ar-MA');
    expect(serverReadablePath('/api/cart?lang=ar-MA', true)).toBe('/api/cart?lang=ar-MA');
  });
  it('refuses a language the shop does not speak, or French asked for by name', () => {
    for (const key of ['/api/products?lang=en', '/api/products?lang=fr-MA', '/api/products?lang=ar-MA&x=1']) {
      expect(serverReadablePath(key), key).toBeNull();
    }
  });
});
