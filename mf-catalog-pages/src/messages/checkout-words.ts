import type { MessageGroup } from '@shop/contracts/part-messages';

/** The checkout group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const checkoutWords: MessageGroup = {
  'fr-MA': () => import('./checkout.fr-MA.json'),
  'ar-MA': () => import('./checkout.ar-MA.json'),
};
