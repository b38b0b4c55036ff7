import { partMessages, type MessageGroup } from '@shop/contracts/part-messages';
import type source from './fr-MA.json';

/** mf_cart's words in each shop language (decision 036). */
export const { Messages, part, useText } = partMessages<keyof typeof source>();

/** Its one group: a chunk per language, the page's fetched with the part. */
export const cartWords: MessageGroup = {
  'fr-MA': () => import('./fr-MA.json'),
  'ar-MA': () => import('./ar-MA.json'),
};
