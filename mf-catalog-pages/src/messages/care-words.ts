import type { MessageGroup } from '@shop/contracts/part-messages';

/** The care group of mf_catalog_pages' words: the care instructions of a product's information and its routine dialog, which come with them (a region's, decision 036). */
export const careWords: MessageGroup = {
  'fr-MA': () => import('./care.fr-MA.json'),
  'ar-MA': () => import('./care.ar-MA.json'),
};
