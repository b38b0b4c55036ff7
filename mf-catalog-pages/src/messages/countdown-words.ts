import type { MessageGroup } from '@shop/contracts/part-messages';

/** The countdown group of mf_catalog_pages' words: a promotion's countdown, which comes with it (a region's, decision 036). */
export const countdownWords: MessageGroup = {
  'fr-MA': () => import('./countdown.fr-MA.json'),
  'ar-MA': () => import('./countdown.ar-MA.json'),
};
