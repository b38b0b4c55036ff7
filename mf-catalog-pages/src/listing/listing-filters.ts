import type { Category, Product } from '@shop/contracts/products';
import type { ListingSort, SearchCategory } from '@shop/contracts/search';
import { categoryLabels } from '../shared/category-labels';
import type { MessageId } from '../shared/page-text';
import { matchesTerms, searchTerms } from './search-text';

export type PriceRange = 'moins-100' | '100-200' | 'plus-200';

/** The listing's state, all of it in the URL so a filtered, sorted listing can be shared and reloaded. */
export interface ListingFilters {
  /** `q`: the header's search text. */
  q: string;
  /** `category`: the header's search category, or a category chosen on the page (packs included). */
  category: SearchCategory | 'pack' | undefined;
  /** `prix`. */
  price: PriceRange | undefined;
  /** `promo=1`: only products with an old price. */
  promo: boolean;
  /** `sort`; absent means the shop's own order. */
  sort: ListingSort | undefined;
}

/** The labels are messages (`t(sortLabels.nouveautes)`); the values stay French, they are the URL's. */
export const sortLabels: Record<ListingSort, MessageId> = {
  'prix-croissant': 'listing.sort.priceAsc',
  'prix-decroissant': 'listing.sort.priceDesc',
  nouveautes: 'listing.sort.newest',
};

export const priceLabels: Record<PriceRange, MessageId> = {
  'moins-100': 'listing.price.under100',
  '100-200': 'listing.price.from100to200',
  'plus-200': 'listing.price.over200',
};

export const searchCategoryLabels: Record<SearchCategory | 'pack', MessageId> = {
  face: categoryLabels.face,
  makeup: 'listing.category.makeup',
  body: categoryLabels.body,
  hair: categoryLabels.hair,
  pack: categoryLabels.pack,
};

const searchCategoryToCategory: Record<SearchCategory | 'pack', Category | null> = {
  face: 'face',
  body: 'body',
  hair: 'hair',
  pack: 'pack',
  // The header offers "Maquillage", but the shop sells no makeup: such a search honestly finds nothing.
  makeup: null,
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((v) => v === value);
}

export function parseListingFilters(params: URLSearchParams): ListingFilters {
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    category: oneOf(params.get('category'), ['face', 'makeup', 'body', 'hair', 'pack'] as const),
    price: oneOf(params.get('prix'), ['moins-100', '100-200', 'plus-200'] as const),
    promo: params.get('promo') === '1',
    sort: oneOf(params.get('sort'), ['prix-croissant', 'prix-decroissant', 'nouveautes'] as const),
  };
}

function inPriceRange(price: number, range: PriceRange | undefined): boolean {
  if (range === 'moins-100') return price < 100;
  if (range === '100-200') return price >= 100 && price <= 200;
  if (range === 'plus-200') return price > 200;
  return true;
}

/**
 * The products a listing shows: the search, the category and the page's filters, in the catalogue's order. The search
 * looks in the name, the description and `categoryName` of each product, all in the page's language.
 */
export function filterProducts(
  products: readonly Product[],
  filters: Omit<ListingFilters, 'sort'>,
  categoryName: (category: Category) => string,
): Product[] {
  const terms = searchTerms(filters.q);
  const wanted = filters.category === undefined ? undefined : searchCategoryToCategory[filters.category];
  return products.filter(
    (p) =>
      (wanted === undefined || p.category === wanted) &&
      inPriceRange(p.price, filters.price) &&
      (!filters.promo || p.oldPrice !== undefined) &&
      matchesTerms(`${p.name} ${p.description} ${categoryName(p.category)}`, terms),
  );
}

/**
 * Sorted copy. The catalogue has no dates; it lists products in the order they were added, so "nouveautés" is the
 * catalogue order reversed. Ties keep the catalogue's order.
 */
export function sortProducts(products: readonly Product[], sort: ListingSort | undefined): Product[] {
  const indexed = products.map((product, index) => ({ product, index }));
  const byPrice = (a: (typeof indexed)[number], b: (typeof indexed)[number]) => a.product.price - b.product.price || a.index - b.index;
  if (sort === 'prix-croissant') indexed.sort(byPrice);
  else if (sort === 'prix-decroissant') indexed.sort((a, b) => b.product.price - a.product.price || a.index - b.index);
  else if (sort === 'nouveautes') indexed.reverse();
  return indexed.map(({ product }) => product);
}
