import type { MessageGroup } from '@shop/contracts/part-messages';

/** mf_frame's words of one group, the footer's newsletter, payments and social links: with the footer. */
export const footerWords: MessageGroup = {
  'fr-MA': () => import('./footer.fr-MA.json'),
  'ar-MA': () => import('./footer.ar-MA.json'),
};
