import type { ShopHref } from '@shop/contracts/routes';
import type { SearchCategory, SearchQuery } from '@shop/contracts/search';

/** The search panel's category options (spec: Face, Makeup, Body, Hair), in French. */
export const searchCategories: readonly { value: SearchCategory; label: string }[] = [
  { value: 'face', label: 'Visage' },
  { value: 'makeup', label: 'Maquillage' },
  { value: 'body', label: 'Corps' },
  { value: 'hair', label: 'Cheveux' },
];

export function isSearchCategory(value: string): value is SearchCategory {
  return searchCategories.some((c) => c.value === value);
}

/** `/shop/all?q=...&category=...` (contracts, search.ts); empty parameters are left out. */
export function searchUrl({ q, category }: SearchQuery): ShopHref {
  const params = new URLSearchParams();
  const text = q?.trim();
  if (text) params.set('q', text);
  if (category) params.set('category', category);
  const query = params.toString();
  return query ? `/shop/all?${query}` : '/shop/all';
}

/** Quick-search links: words that find products of the catalogue (its names use the straight apostrophe). */
export const quickSearches: readonly { label: string; to: ShopHref }[] = [
  { label: 'Argan', q: 'argan' },
  { label: 'Rhassoul', q: 'rhassoul' },
  { label: 'Fleur d’oranger', q: "fleur d'oranger" },
  { label: 'Savon noir', q: 'savon noir' },
  { label: 'Eau de rose', q: 'eau de rose' },
].map(({ label, q }) => ({ label, to: searchUrl({ q }) }));
