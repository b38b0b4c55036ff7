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
});
