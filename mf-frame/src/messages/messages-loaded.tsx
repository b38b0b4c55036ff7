import { prerender } from 'react-dom/static';
import type { ShopLocale } from '@shop/contracts/locales';
import { frameWords, Messages } from './messages';

/**
 * For tests: loads languages' words before anything renders, as the server's renderer does (it waits for them), so no
 * test's render suspends on them and each sees its page at once.
 */
export async function messagesLoaded(...locales: ShopLocale[]): Promise<void> {
  for (const locale of locales) await prerender(<Messages locale={locale} groups={[frameWords]}>{null}</Messages>);
}
