import type { MessageGroup } from '@shop/contracts/part-messages';

/** The shared group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const sharedWords: MessageGroup = {
  'fr-MA': () => import('./shared.fr-MA.json'),
  'ar-MA': () => import('./shared.ar-MA.json'),
};
