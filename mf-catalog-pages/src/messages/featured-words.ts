import type { MessageGroup } from '@shop/contracts/part-messages';

/** The featured group of mf_catalog_pages' words: the featured product page's own (its quick views, its page without a product). */
export const featuredWords: MessageGroup = {
  'fr-MA': () => import('./featured.fr-MA.json'),
  'ar-MA': () => import('./featured.ar-MA.json'),
};
