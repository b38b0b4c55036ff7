import type { MessageGroup } from '@shop/contracts/part-messages';

/** The notify group of mf_catalog_pages' words: the form that asks to be told of a product's return, which comes with it (a region's, decision 036). */
export const notifyWords: MessageGroup = {
  'fr-MA': () => import('./notify.fr-MA.json'),
  'ar-MA': () => import('./notify.ar-MA.json'),
};
