import { DEFAULT_LOCALE, SHOP_LOCALES, type ShopLocale } from './locales';

/** What a release says of its words: `dist/<version>/mf-messages.json` (tools/part-messages.ts, decision 036). */
export const MESSAGES_FILE = 'mf-messages.json';

/** A release's `mf-messages.json` as read (null when it is not one). */
export function parseReleaseMessages(value: unknown): ReleaseMessages | null {
  if (typeof value !== 'object' || value === null || !('keys' in value)) return null;
  const keys = (value as { keys: unknown }).keys;
  if (typeof keys !== 'object' || keys === null) return null;
  const lists = Object.values(keys as Record<string, unknown>);
  return lists.every((list) => Array.isArray(list) && list.every((key) => typeof key === 'string')) ? (value as ReleaseMessages) : null;
}

export interface ReleaseMessages {
  /** Each shop language's message keys, sorted. */
  keys: Record<ShopLocale, string[]>;
}

/**
 * The messages a release lacks for each shop language: every key of the default language's file (the source) must be in
 * every other. An empty result is a release every shop language can show.
 */
export function missingMessages(release: ReleaseMessages): Partial<Record<ShopLocale, string[]>> {
  const source = release.keys[DEFAULT_LOCALE] ?? [];
  const missing: Partial<Record<ShopLocale, string[]>> = {};
  for (const locale of SHOP_LOCALES) {
    const have = new Set(release.keys[locale] ?? []);
    const lacking = source.filter((key) => !have.has(key));
    if (lacking.length > 0) missing[locale] = lacking;
  }
  return missing;
}

/**
 * The chunk of a group of messages in a language, as a remote's build names it (`messages-ar-MA-cart`, or
 * `messages-ar-MA` for a remote with one file per language): the shell names a part's among the page's first scripts,
 * so its words arrive with its code.
 */
export const messagesChunkName = (locale: ShopLocale, group?: string): string => `messages-${locale}${group ? `-${group}` : ''}`;

export function isMessagesChunk(file: string, locale: ShopLocale): boolean {
  return new RegExp(`(?:^|/)${messagesChunkName(locale)}(?:-[a-z][a-z0-9-]*)?\\.[^/]*js$`).test(file);
}
