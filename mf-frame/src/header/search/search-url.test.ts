import { describe, expect, it } from 'vitest';
import { isSearchCategory, searchUrl } from './search-url';

describe('searchUrl', () => {
  it('carries the text and the category', () => {
    expect(searchUrl({ q: 'huile d’argan', category: 'hair' })).toBe('/shop/all?q=huile+d%E2%80%99argan&category=hair');
  });

  it('leaves out what is empty, and trims the text', () => {
    expect(searchUrl({ q: '  savon ' })).toBe('/shop/all?q=savon');
    expect(searchUrl({ q: '   ', category: 'face' })).toBe('/shop/all?category=face');
    expect(searchUrl({})).toBe('/shop/all');
  });

  it('knows the four categories of the contract', () => {
    expect(['face', 'makeup', 'body', 'hair'].every(isSearchCategory)).toBe(true);
    expect(isSearchCategory('pack')).toBe(false);
    expect(isSearchCategory('')).toBe(false);
  });
});
