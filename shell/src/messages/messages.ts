import { partMessages, type MessageGroup } from '@shop/contracts/part-messages';
import ar from './ar-MA.json';
import fr from './fr-MA.json';

/**
 * The shell's own words (its fallbacks, the 404 page, the breadcrumb's name), in the shop's one i18n library like every
 * remote's (decision 036). Both languages are in the shell's code: they are few, and the shell's tree hydrates at once,
 * so it must not wait for a chunk.
 */
export const { Messages, useText } = partMessages<keyof typeof fr>();

export const shellWords: MessageGroup = { 'fr-MA': () => ({ default: fr }), 'ar-MA': () => ({ default: ar }) };
