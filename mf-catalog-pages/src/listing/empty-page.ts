import type { ProductPage } from '@shop/contracts/product-query';

/** The answer to a search the shop cannot match (the header's « Maquillage »): nothing, counted as nothing. */
export const EMPTY_PAGE: ProductPage = {
  products: [],
  total: 0,
  facets: { categories: { face: 0, body: 0, hair: 0, pack: 0 }, prices: { 'moins-100': 0, '100-200': 0, 'plus-200': 0 }, promo: 0, inStock: 0 },
  nextCursor: null,
};
