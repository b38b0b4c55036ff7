import { describe, expect, it } from 'vitest';
import { inPriceRange, PAGE_SIZE, parseProductQuery, productQueryString, PRODUCT_KEY, type ProductQuery } from './product-query';

const parse = (query: string, lenient = false) => parseProductQuery(new URLSearchParams(query), { lenient });

describe('the listing query', () => {
  it('reads the defaults from an empty query string, and writes nothing back for them', () => {
    const parsed = parse('');
    expect(parsed).toEqual({ ok: true, query: { category: 'all', q: '', promo: false, inStock: false, limit: PAGE_SIZE.default } });
    expect(productQueryString(parsed.ok ? parsed.query : {})).toBe('');
  });

  it('reads every parameter and writes them back in one order, whatever order they came in', () => {
    const query: ProductQuery = { category: 'face', q: 'crème', sort: 'prix-croissant', price: '100-200', promo: true, inStock: true, limit: 12, cursor: 'abc_-1', ids: ['sv-001', 'creme-hydratante-argan'] };
    const text = productQueryString(query);
    expect(text).toBe('category=face&q=cr%C3%A8me&sort=prix-croissant&prix=100-200&promo=1&dispo=1&limit=12&cursor=abc_-1&ids=sv-001%2Ccreme-hydratante-argan');
    expect(parse(text.split('&').reverse().join('&'))).toEqual({ ok: true, query });
  });

  it.each([
    ['category=makeup', 'category'],
    ['sort=cheapest', 'sort'],
    ['prix=0-50', 'price'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1e2', 'limit'],
    ['cursor=a*b', 'cursor'],
    ['promo=yes', 'flag'],
    ['dispo=2', 'flag'],
    ['ids=SV-001', 'ids'],
    [`ids=${Array.from({ length: 101 }, (_, i) => `p-${i}`).join(',')}`, 'ids'],
    ['q=a&q=b', 'repeated'],
  ])('refuses %s (%s)', (query, problem) => {
    expect(parse(query)).toEqual({ ok: false, problem });
  });

  it('reads a hand-edited page URL leniently: an unknown value is no filter, a long search is cut', () => {
    expect(parse('category=makeup&sort=cheapest&prix=x&limit=500&promo=yes&q=' + 'a'.repeat(150), true)).toEqual({
      ok: true,
      query: { category: 'all', q: 'a'.repeat(100), promo: false, inStock: false, limit: PAGE_SIZE.default },
    });
  });

  it('puts every price in exactly one range, bounds as written', () => {
    for (const [price, range] of [[99.99, 'moins-100'], [100, '100-200'], [200, '100-200'], [200.01, 'plus-200']] as const) {
      expect(inPriceRange(price, range)).toBe(true);
      const others = (['moins-100', '100-200', 'plus-200'] as const).filter((r) => r !== range);
      for (const other of others) expect(inPriceRange(price, other)).toBe(false);
    }
  });

  it('knows a product key when it sees one', () => {
    for (const key of ['sv-001', 'creme-hydratante-argan', 'a']) expect(PRODUCT_KEY.test(key)).toBe(true);
    for (const key of ['SV-001', '-a', 'a-', 'sv-001\u0000', 'x'.repeat(65), '']) expect(PRODUCT_KEY.test(key)).toBe(false);
  });
});
