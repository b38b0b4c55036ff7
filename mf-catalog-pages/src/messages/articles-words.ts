import type { MessageGroup } from '@shop/contracts/part-messages';

/**
 * The articles group of mf_catalog_pages' words (the titles and excerpts the home page's journal and the blog show): a
 * chunk per language, reached only by the exposed modules that show it.
 */
export const articleWords: MessageGroup = {
  'fr-MA': () => import('./articles.fr-MA.json'),
  'ar-MA': () => import('./articles.ar-MA.json'),
};
