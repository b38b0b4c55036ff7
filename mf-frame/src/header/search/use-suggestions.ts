import { useEffect, useState } from 'react';
import type { ShopLocale } from '@shop/contracts/locales';
import type { SearchCategory } from '@shop/contracts/search';
import { fetchSuggestions, SUGGEST_DELAY_MS, suggestionsUrl, type Suggestion } from './suggestions';

/** `found`: the API answered for the text as it is now; `failed`: it did not (the panel still submits the search). */
export type SuggestionsState =
  | { status: 'none' }
  | { status: 'found'; products: Suggestion[]; total: number }
  | { status: 'failed' };

const NONE: SuggestionsState = { status: 'none' };
const FOUND_NOTHING: SuggestionsState = { status: 'found', products: [], total: 0 };

/**
 * The products suggested for the text being typed: asked for once the text has rested SUGGEST_DELAY_MS, never for an
 * empty text. A request the typing has gone past is aborted, so a slow answer for « cre » can never replace the one
 * for « creme » that came before it, and the service is not left working for nobody.
 */
export function useSuggestions(
  text: string,
  category: SearchCategory | '',
  locale: ShopLocale,
  fetchImpl: typeof fetch = fetch,
): SuggestionsState {
  // The last answer; while the next one is awaited, the suggestions shown are still those of the text before.
  const [answer, setAnswer] = useState<SuggestionsState>(NONE);
  const url = suggestionsUrl(text, category, locale);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // An answer that arrives once aborted is for a text no longer in the box: dropped, whatever it says.
      fetchSuggestions(url, controller.signal, fetchImpl).then(
        (found) => !controller.signal.aborted && setAnswer({ status: 'found', ...found }),
        () => !controller.signal.aborted && setAnswer({ status: 'failed' }),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, fetchImpl]);

  if (url === null) return text.trim() === '' ? NONE : FOUND_NOTHING;
  return answer;
}
