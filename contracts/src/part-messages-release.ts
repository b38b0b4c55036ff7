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

/**
 * Whether `file` is a chunk of messages in `locale`: of any group, or of one of `groups` when given ('' for a remote's
 * one file per language).
 */
export function isMessagesChunk(file: string, locale: ShopLocale, groups?: readonly string[]): boolean {
  const name = groups ? `(?:${groups.map((group) => messagesChunkName(locale, group)).join('|')})` : `${messagesChunkName(locale)}(?:-[a-z][a-z0-9-]*)?`;
  return new RegExp(`(?:^|/)${name}\\.[^/]*js$`).test(file);
}

/**
 * The groups of words an exposed module shows when it first renders, which its release's web manifest records beside
 * it (`exposes[].firstWords`, written by tools/part-messages.ts): the groups its own file names in `part(…)`. The shell
 * names those chunks among a page's first scripts; a region's words (`region(…)`) come when it renders. A release built
 * before the field has all its messages chunks named.
 */
export const FIRST_WORDS_FIELD = 'firstWords';

export type WithFirstWords = { [FIRST_WORDS_FIELD]?: string[] };
