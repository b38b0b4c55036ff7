import { describe, expect, it } from 'vitest';
import { isKnownPath, routeTable } from './route-table';

describe('route table', () => {
  it('has every frame route of the spec', () => {
    const paths = routeTable.map((r) => r.path);
    for (const path of ['/', '/shop/all', '/shop/face', '/shop/body', '/shop/hair', '/shop/pack', '/shop/checkout']) {
      expect(paths).toContain(path);
    }
  });

  it('has no path twice', () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('knows its paths, with or without a trailing slash, and nothing else', () => {
    expect(isKnownPath('/shop/face')).toBe(true);
    expect(isKnownPath('/shop/face/')).toBe(true);
    expect(isKnownPath('/')).toBe(true);
    expect(isKnownPath('/shop/nope')).toBe(false);
    expect(isKnownPath('/SHOP/FACE')).toBe(false);
  });

  it('knows the order confirmation page, for any number, and not the folder above it', () => {
    expect(routeTable.find((r) => r.path === '/shop/order/:number')?.module).toBe('mf_catalog_pages/OrderConfirmationPage');
    expect(isKnownPath('/shop/order/K7M2-Q9XP')).toBe(true);
    expect(isKnownPath('/shop/order/K7M2-Q9XP/')).toBe(true);
    expect(isKnownPath('/shop/order')).toBe(false);
    expect(isKnownPath('/shop/order/K7M2-Q9XP/extra')).toBe(false);
  });
});
