import type { MessageGroup } from '@shop/contracts/part-messages';

/**
 * The template's listing layouts' own words (titles, filters, chips, sliders, the category overview): a group apart
 * from the listing's, so a category page (on a phone's first load) does not download them.
 */
export const listingLayoutsWords: MessageGroup = {
  'fr-MA': () => import('./listing-layouts.fr-MA.json'),
  'ar-MA': () => import('./listing-layouts.ar-MA.json'),
};
