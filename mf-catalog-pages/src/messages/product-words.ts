import type { MessageGroup } from '@shop/contracts/part-messages';

/** The product group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const productWords: MessageGroup = {
  'fr-MA': () => import('./product.fr-MA.json'),
  'ar-MA': () => import('./product.ar-MA.json'),
};
