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
