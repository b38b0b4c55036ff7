import { describe, expect, it } from 'vitest';
import { isNarrowed, readListing } from './listing-filters';

const read = (search: string, fixed: Parameters<typeof readListing>[1] = { limit: 24 }) => readListing(new URLSearchParams(search), fixed);

describe('readListing', () => {
  it('reads the API’s parameters from the URL, as a shared link wrote them', () => {
    expect(read('q=argan&category=face&prix=100-200&promo=1&dispo=1&sort=prix-croissant&cursor=abc').query).toEqual({
      category: 'face',
      q: 'argan',
      sort: 'prix-croissant',
      price: '100-200',
      promo: true,
      inStock: true,
      limit: 24,
      cursor: 'abc',
    });
  });

  it('ignores what it does not know: a hand-edited link still shows a listing', () => {
    expect(read('prix=beaucoup&sort=hasard&promo=oui&category=bijoux').query).toEqual({ category: 'all', q: '', promo: false, inStock: false, limit: 24 });
  });

  it('keeps a category page’s own category and the layout’s page size unless the URL says another', () => {
    expect(read('category=body', { category: 'face', limit: 8 }).query).toMatchObject({ category: 'face', limit: 8 });
    expect(read('limit=12', { limit: 8 }).query.limit).toBe(12);
  });

  it('knows the header’s « Maquillage » is a category the shop does not sell', () => {
    const makeup = read('q=rouge&category=makeup');
    expect(makeup.unsold).toBe(true);
    expect(makeup.query.category).toBe('all');
    expect(isNarrowed(makeup)).toBe(true);
    expect(read('category=makeup', { category: 'face', limit: 24 }).unsold).toBe(false);
  });

  it('tells a narrowed listing from the whole selection', () => {
    expect(isNarrowed(read(''))).toBe(false);
    expect(isNarrowed(read('sort=nom'))).toBe(false);
    expect(isNarrowed(read('promo=1'))).toBe(true);
    expect(isNarrowed(read('', { category: 'face', limit: 24 }), 'face')).toBe(false);
  });
});
