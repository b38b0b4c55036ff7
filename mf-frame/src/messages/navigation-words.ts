import type { MessageGroup } from '@shop/contracts/part-messages';

/**
 * mf_frame's words of one group, the menus', the sidebar's and the search panel's (the pages' names, the footer's
 * links too): with the region that shows them.
 */
export const navigationWords: MessageGroup = {
  'fr-MA': () => import('./navigation.fr-MA.json'),
  'ar-MA': () => import('./navigation.ar-MA.json'),
};
