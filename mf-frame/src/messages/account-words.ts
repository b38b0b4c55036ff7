import type { MessageGroup } from '@shop/contracts/part-messages';

/** mf_frame's words of one group, the account dialog's: with the dialog, when it first opens. */
export const accountWords: MessageGroup = {
  'fr-MA': () => import('./account.fr-MA.json'),
  'ar-MA': () => import('./account.ar-MA.json'),
};
