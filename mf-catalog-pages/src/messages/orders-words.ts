import type { MessageGroup } from '@shop/contracts/part-messages';

/** The orders group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const ordersWords: MessageGroup = {
  'fr-MA': () => import('./orders.fr-MA.json'),
  'ar-MA': () => import('./orders.ar-MA.json'),
};
