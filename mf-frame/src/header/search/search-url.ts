import type { ShopHref } from '@shop/contracts/routes';
import type { SearchCategory, SearchQuery } from '@shop/contracts/search';
import type { MessageId } from '../../messages/messages';

/** The search panel's category options (spec: Face, Makeup, Body, Hair), their names messages. */
export const searchCategories: readonly { value: SearchCategory; label: MessageId }[] = [
  { value: 'face', label: 'search.category.face' },
  { value: 'makeup', label: 'search.category.makeup' },
  { value: 'body', label: 'search.category.body' },
  { value: 'hair', label: 'search.category.hair' },
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

/**
 * Quick-search links: a label, and a word that finds products of the catalogue in the page's language (both messages;
 * the French names use the straight apostrophe).
 */
export const quickSearches: readonly { label: MessageId; q: MessageId }[] = [
  { label: 'search.quick.argan', q: 'search.word.argan' },
  { label: 'search.quick.rhassoul', q: 'search.word.rhassoul' },
  { label: 'search.quick.orangeBlossom', q: 'search.word.orangeBlossom' },
  { label: 'search.quick.blackSoap', q: 'search.word.blackSoap' },
  { label: 'search.quick.roseWater', q: 'search.word.roseWater' },
];
