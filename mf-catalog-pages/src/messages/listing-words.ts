import type { MessageGroup } from '@shop/contracts/part-messages';

/** The listing group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const listingWords: MessageGroup = {
  'fr-MA': () => import('./listing.fr-MA.json'),
  'ar-MA': () => import('./listing.ar-MA.json'),
};
