import { inLanguage } from '@shop/contracts/data-keys';
import type { ShopLocale } from '@shop/contracts/locales';
import { CATEGORY_FILTERS, productQueryString, SEARCH_TEXT_MAX, SUGGESTIONS, type CategoryFilter } from '@shop/contracts/product-query';
import type { Product, ProductsResponse } from '@shop/contracts/products';
import type { SearchCategory } from '@shop/contracts/search';

/**
 * How long the text must rest before it is searched: long enough that a shopper typing at an ordinary pace asks once
 * per pause rather than once per letter, short enough that the suggestions seem to follow the typing.
 */
export const SUGGEST_DELAY_MS = 200;

/** What a suggestion shows: its page, its picture, its name and its price. */
export type Suggestion = Pick<Product, 'id' | 'slug' | 'name' | 'price' | 'images'>;

export interface SuggestionsFound {
  products: Suggestion[];
  /** Every product matching, of which `products` are the first SUGGESTIONS. */
  total: number;
}

const isCategoryFilter = (value: string): value is CategoryFilter => (CATEGORY_FILTERS as readonly string[]).includes(value);

/**
 * The API's URL for the first SUGGESTIONS products matching the text, in the category the panel's select names, in
 * the page's language; null when no product can match: an empty text, or a category the catalogue has none of (the
 * select offers « Maquillage » as the spec asks, and the listing finds nothing there either).
 */
export function suggestionsUrl(text: string, category: SearchCategory | '', locale: ShopLocale): string | null {
  const q = text.trim().slice(0, SEARCH_TEXT_MAX);
  if (!q || (category !== '' && !isCategoryFilter(category))) return null;
  const query = productQueryString({ q, category: category === '' ? 'all' : category, limit: SUGGESTIONS });
  return inLanguage(`/api/products?${query}`, locale);
}

/** The suggestions' request (same origin, through the shell's proxy); rejects on a failure, or when `signal` aborts. */
export async function fetchSuggestions(url: string, signal: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<SuggestionsFound> {
  const response = await fetchImpl(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`suggestions: ${response.status}`);
  // The API's own answer, trusted as every remote trusts it (decision 023).
  const page = (await response.json()) as ProductsResponse;
  return { products: page.products.slice(0, SUGGESTIONS), total: page.total };
}
