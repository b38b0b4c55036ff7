import { partMessages, regionOf } from '@shop/contracts/part-messages';
import type header from './header.fr-MA.json';
import type navigation from './navigation.fr-MA.json';
import type account from './account.fr-MA.json';
import type footer from './footer.fr-MA.json';

/** A message of mf_frame: the French files' keys, which every language's files have too. */
export type MessageId = keyof typeof header | keyof typeof navigation | keyof typeof account | keyof typeof footer;

/**
 * mf_frame's words in each shop language (decision 036), in groups (`<group>-words.ts`): an exposed module names those
 * it shows at once (`part`), a region of it those that come with its code (`region`).
 */
const words = partMessages<MessageId>();
export const { Messages, part, useText } = words;
export const region = regionOf(words);
