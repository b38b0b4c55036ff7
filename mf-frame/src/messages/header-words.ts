import type { MessageGroup } from '@shop/contracts/part-messages';

/** mf_frame's words of one group, the header's own (its buttons, its bars of announcements): with the header. */
export const headerWords: MessageGroup = {
  'fr-MA': () => import('./header.fr-MA.json'),
  'ar-MA': () => import('./header.ar-MA.json'),
};
