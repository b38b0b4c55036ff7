import type { MessageGroup } from '@shop/contracts/part-messages';

/** The content-pages group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const contentPagesWords: MessageGroup = {
  'fr-MA': () => import('./content-pages.fr-MA.json'),
  'ar-MA': () => import('./content-pages.ar-MA.json'),
};
