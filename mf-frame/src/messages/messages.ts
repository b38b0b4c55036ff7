import { partMessages, type MessageGroup } from '@shop/contracts/part-messages';
import type source from './fr-MA.json';

/** A message of mf_frame: the French file's keys, which every language's file has too. */
export type MessageId = keyof typeof source;

/** mf_frame's words in each shop language (decision 036). */
export const { Messages, part, useText } = partMessages<MessageId>();

/**
 * Its one group: the header's, its menus', the account dialog's and the footer's words; one chunk per language, the
 * page's fetched with the part.
 */
export const frameWords: MessageGroup = {
  'fr-MA': () => import('./fr-MA.json'),
  'ar-MA': () => import('./ar-MA.json'),
};
