import type { MessageGroup } from '@shop/contracts/part-messages';

/** The blog group of mf_catalog_pages' words: a chunk per language, reached only by the exposed modules that show it. */
export const blogWords: MessageGroup = {
  'fr-MA': () => import('./blog.fr-MA.json'),
  'ar-MA': () => import('./blog.ar-MA.json'),
};
