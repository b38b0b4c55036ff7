import { describe, expect, it } from 'vitest';
import { requestOrigin } from './request-origin';

const SHOP = ['https://boutique.example.ma'];

describe('requestOrigin', () => {
  it('knows the shop’s own pages by their configured origin, with or without Sec-Fetch-Site', () => {
    expect(requestOrigin({ origin: 'https://boutique.example.ma' }, SHOP)).toBe('shop');
    expect(requestOrigin({ origin: 'https://boutique.example.ma', 'sec-fetch-site': 'same-origin' }, SHOP)).toBe('shop');
  });

  it('refuses another site, an Origin that only matches the request’s own Host, and a browser that says cross-site or same-site', () => {
    expect(requestOrigin({ origin: 'https://evil.example' }, SHOP)).toBe('foreign');
    // DNS rebinding: the page and the request both name evil.example, which is not the shop's configured origin.
    expect(requestOrigin({ origin: 'http://evil.example:3000' }, SHOP)).toBe('foreign');
    expect(requestOrigin({ origin: 'null' }, SHOP)).toBe('foreign');
    expect(requestOrigin({ origin: 'https://boutique.example.ma', 'sec-fetch-site': 'cross-site' }, SHOP)).toBe('foreign');
    expect(requestOrigin({ origin: 'https://boutique.example.ma', 'sec-fetch-site': 'same-site' }, SHOP)).toBe('foreign');
    expect(requestOrigin({ 'sec-fetch-site': 'cross-site' }, SHOP)).toBe('foreign');
  });

  it('says nothing is known when nothing says it (a script without Origin)', () => {
    expect(requestOrigin({}, SHOP)).toBe('unknown');
    expect(requestOrigin({ 'sec-fetch-site': 'none' }, SHOP)).toBe('unknown');
  });
});
