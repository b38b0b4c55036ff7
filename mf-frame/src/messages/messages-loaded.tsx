import { prerender } from 'react-dom/static';
import type { ShopLocale } from '@shop/contracts/locales';
import { Messages } from './messages';

/**
 * For tests: loads languages' words before anything renders, as the server's renderer does (it waits for them), so no
 * test's render suspends on them. A first render that suspends on its words can trip React in contracts'
 * `Messages` ("Update hook called on initial render", #467: replayed once they have come, it skips `use` and calls
 * `useMemo` with the update dispatcher), now and then, on a busy machine.
 */
export async function messagesLoaded(...locales: ShopLocale[]): Promise<void> {
  for (const locale of locales) await prerender(<Messages locale={locale}>{null}</Messages>);
}
