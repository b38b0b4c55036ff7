import { prerender } from 'react-dom/static';
import type { ShopLocale } from '@shop/contracts/locales';
import { accountWords } from './account-words';
import { footerWords } from './footer-words';
import { headerWords } from './header-words';
import { Messages } from './messages';
import { navigationWords } from './navigation-words';

/** Every group: a test renders any part or region (an exposed module names only its own). */
export const EVERY_GROUP = [headerWords, navigationWords, accountWords, footerWords];

/**
 * For tests: loads languages' words before anything renders, as the server's renderer does (it waits for them), so no
 * test's render suspends on them and each sees its page at once.
 */
export async function messagesLoaded(...locales: ShopLocale[]): Promise<void> {
  for (const locale of locales) await prerender(<Messages locale={locale} groups={EVERY_GROUP}>{null}</Messages>);
}
