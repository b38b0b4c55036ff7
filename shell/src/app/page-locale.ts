import { LOCALE_PREFIXES, localeOfPath } from '@shop/contracts/locales';

/**
 * The router's basename for a page's URL: `/ar` on an Arabic page (every link then keeps it), none in French. The
 * page's language itself (decision 036) is read from its URL by the shell alone and held by the shell's words
 * (`useText().locale`, messages/messages.ts); every slot hands it to its part as the `locale` prop.
 */
export function routerBasename(pathname: string): string | undefined {
  return LOCALE_PREFIXES[localeOfPath(pathname).locale] || undefined;
}
