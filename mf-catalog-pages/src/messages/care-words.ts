import type { MessageGroup } from '@shop/contracts/part-messages';

/** The care group of mf_catalog_pages' words: a product's information (its tabs, its care instructions) and its routine dialog, which come with them (a region's, decision 036). */
export const careWords: MessageGroup = {
  'fr-MA': () => import('./care.fr-MA.json'),
  'ar-MA': () => import('./care.ar-MA.json'),
};
