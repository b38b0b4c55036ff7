import type { MessageGroup } from '@shop/contracts/part-messages';

/** The home group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const homeWords: MessageGroup = {
  'fr-MA': () => import('./home.fr-MA.json'),
  'ar-MA': () => import('./home.ar-MA.json'),
};
