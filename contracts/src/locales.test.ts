import { describe, expect, it } from 'vitest';
import { localeOfPath, localizedPath, requestedLocale, textDirection } from './locales';

describe('localeOfPath', () => {
  it('reads Arabic from its prefix and French from every other path', () => {
    expect(localeOfPath('/ar/shop/face')).toEqual({ locale: 'ar-MA', path: '/shop/face' });
    expect(localeOfPath('/ar')).toEqual({ locale: 'ar-MA', path: '/' });
    expect(localeOfPath('/ar/')).toEqual({ locale: 'ar-MA', path: '/' });
    expect(localeOfPath('/shop/face')).toEqual({ locale: 'fr-MA', path: '/shop/face' });
    expect(localeOfPath('/arbre')).toEqual({ locale: 'fr-MA', path: '/arbre' });
  });
});

describe('localizedPath', () => {
  it('prefixes every language but French, keeping the query', () => {
    expect(localizedPath('ar-MA', '/shop/face?tri=prix')).toBe('/ar/shop/face?tri=prix');
    expect(localizedPath('ar-MA', '/')).toBe('/ar');
    expect(localizedPath('ar-MA', '/?q=argan')).toBe('/ar?q=argan');
    expect(localizedPath('fr-MA', '/shop/face')).toBe('/shop/face');
  });
  it('is what localeOfPath reads back', () => {
    for (const path of ['/', '/shop/product/creme-hydratante-argan', '/blog-details']) {
      expect(localeOfPath(localizedPath('ar-MA', path))).toEqual({ locale: 'ar-MA', path });
    }
  });
});

describe('requestedLocale', () => {
  it('takes the parameter first, then Accept-Language by weight, else French', () => {
    expect(requestedLocale('ar-MA', 'fr')).toBe('ar-MA');
    expect(requestedLocale('en', 'ar;q=0.9, fr;q=0.8')).toBe('ar-MA');
    expect(requestedLocale(null, 'en-GB, fr-FR;q=0.7, ar-MA;q=0.8')).toBe('ar-MA');
    expect(requestedLocale(null, 'en-GB')).toBe('fr-MA');
    expect(requestedLocale(undefined, undefined)).toBe('fr-MA');
    expect(requestedLocale(null, 'ar;q=0')).toBe('fr-MA');
  });
});

it('writes Arabic right to left', () => {
  expect(textDirection('ar-MA')).toBe('rtl');
  expect(textDirection('fr-MA')).toBe('ltr');
});
