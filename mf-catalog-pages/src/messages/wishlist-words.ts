import type { MessageGroup } from '@shop/contracts/part-messages';

/** The wishlist group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const wishlistWords: MessageGroup = {
  'fr-MA': () => import('./wishlist.fr-MA.json'),
  'ar-MA': () => import('./wishlist.ar-MA.json'),
};
