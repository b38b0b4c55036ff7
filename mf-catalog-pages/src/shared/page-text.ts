import type { useText } from '../messages/messages';

/**
 * The page's words and language, as `useText()` gives them: what code outside a component is handed (a toast, an alt
 * text, a list of labels) to speak the page's language (decision 036).
 */
export type PageText = ReturnType<typeof useText>;

/** One of mf_catalog_pages' message ids (a key of its `messages/<feature>.fr-MA.json` files). */
export type MessageId = Parameters<PageText['t']>[0];
