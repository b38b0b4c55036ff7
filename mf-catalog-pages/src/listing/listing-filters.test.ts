import type { Product } from '@shop/contracts/products';
import { describe, expect, it } from 'vitest';
import french from '../messages/shared.fr-MA.json';
import arabic from '../messages/shared.ar-MA.json';
import { categoryLabels } from '../shared/category-labels';
import { filterProducts as filterIn, parseListingFilters, sortProducts, type ListingFilters } from './listing-filters';

const product = (id: string, name: string, category: Product['category'], price: number, oldPrice?: number): Product => ({
  id,
  slug: id,
  name,
  description: '',
  category,
  price,
  ...(oldPrice === undefined ? {} : { oldPrice }),
  images: [`/images/products/${id}.svg`],
  updatedAt: '2026-11-01',
  availability: { status: 'in-stock' },
});

const catalogue: Product[] = [
  product('a', 'Crème hydratante à l’argan', 'face', 179),
  product('b', 'Savon noir beldi', 'body', 59),
  product('c', 'Crème de nuit régénérante', 'face', 219, 259),
  product('d', 'Masque capillaire au karité', 'hair', 159, 189),
  product('e', 'Pack éclat visage', 'pack', 449, 537),
  product('f', 'Gant kessa', 'body', 59),
];
const ids = (list: Product[]) => list.map((p) => p.id);
const none = { q: '', category: undefined, price: undefined, promo: false } as const;
/** On a French page: the category names the search looks in are French. */
const filterProducts = (products: Product[], filters: Omit<ListingFilters, 'sort'>) =>
  filterIn(products, filters, (category) => french[categoryLabels[category] as keyof typeof french]);

describe('parseListingFilters', () => {
  it('reads the URL, ignoring unknown values', () => {
    const f = parseListingFilters(new URLSearchParams('q=cr%C3%A8me&category=face&sort=prix-croissant&prix=100-200&promo=1'));
    expect(f).toEqual({ q: 'crème', category: 'face', sort: 'prix-croissant', price: '100-200', promo: true });
    const bad = parseListingFilters(new URLSearchParams('category=shoes&sort=cheap&prix=free'));
    expect(bad).toEqual({ q: '', category: undefined, sort: undefined, price: undefined, promo: false });
  });
});

describe('filterProducts', () => {
  it('searches accent-insensitively: the same results with and without accents', () => {
    expect(ids(filterProducts(catalogue, { ...none, q: 'crème' }))).toEqual(['a', 'c']);
    expect(ids(filterProducts(catalogue, { ...none, q: 'creme' }))).toEqual(['a', 'c']);
    expect(ids(filterProducts(catalogue, { ...none, q: 'REGENERANTE' }))).toEqual(['c']);
  });
  it('filters by the search category; makeup finds nothing in this shop', () => {
    expect(ids(filterProducts(catalogue, { ...none, q: 'creme', category: 'hair' }))).toEqual([]);
    expect(ids(filterProducts(catalogue, { ...none, category: 'body' }))).toEqual(['b', 'f']);
    expect(ids(filterProducts(catalogue, { ...none, category: 'makeup' }))).toEqual([]);
  });
  it('searches the category name too, in the page’s language', () => {
    expect(ids(filterProducts(catalogue, { ...none, q: 'capillaires' }))).toEqual(['d']);
    const inArabic = filterIn(catalogue, { ...none, q: 'الشعر' }, (category) => arabic[categoryLabels[category] as keyof typeof arabic]);
    expect(ids(inArabic)).toEqual(['d']);
  });
  it('filters by price range and promotion', () => {
    expect(ids(filterProducts(catalogue, { ...none, price: 'moins-100' }))).toEqual(['b', 'f']);
    expect(ids(filterProducts(catalogue, { ...none, price: '100-200' }))).toEqual(['a', 'd']);
    expect(ids(filterProducts(catalogue, { ...none, price: 'plus-200' }))).toEqual(['c', 'e']);
    expect(ids(filterProducts(catalogue, { ...none, promo: true }))).toEqual(['c', 'd', 'e']);
  });
});

describe('sortProducts', () => {
  it('sorts by price, keeping the catalogue order for equal prices', () => {
    expect(ids(sortProducts(catalogue, 'prix-croissant'))).toEqual(['b', 'f', 'd', 'a', 'c', 'e']);
    expect(ids(sortProducts(catalogue, 'prix-decroissant'))).toEqual(['e', 'c', 'a', 'd', 'b', 'f']);
  });
  it('lists the latest additions first for nouveautés, and leaves the order alone without a sort', () => {
    expect(ids(sortProducts(catalogue, 'nouveautes'))).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(ids(sortProducts(catalogue, undefined))).toEqual(ids(catalogue));
  });
  it('does not change its input', () => {
    const copy = [...catalogue];
    sortProducts(catalogue, 'prix-croissant');
    expect(catalogue).toEqual(copy);
  });
});
