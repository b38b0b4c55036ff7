import { unstable_serialize, type Key } from 'swr';
import { serverReadablePath } from '@shop/contracts/data-keys';
import { PAGE_CONTEXT_KEY, type PageContext } from '@shop/contracts/forms';
import { cacheWith, loadedEntry, type ServerReads } from './page-data';

/** One API answer, as the server's fetch gives it: null when the service could not be asked in time. */
export type ApiAnswer = { status: number; body: unknown } | null;

export interface PageReads extends ServerReads {
  /** What to hand to the browser: every key answered 200, with its data. */
  answered(): [Key, unknown][];
  /** True when a read answered 404 (an unknown product): the page is a 404. */
  notFound(): boolean;
}

/** A page rendered for one shopper (a `shopper` route, or the answer to their form post, decision 026). */
export interface ShopperReads {
  /** What the page shows this shopper: a notice, a refused form with what they typed, the checkout's key. */
  context: PageContext;
}

/**
 * The reads of one server render: each readable key (contracts' data-keys) is fetched once through `get`; a 200 goes
 * into the page's SWR cache, a 404 marks the page not found, anything else leaves the key to the browser. A page
 * rendered for one shopper also reads their cart and order (`get` sends their cookies) and carries their page context.
 */
export function pageReads(get: (path: string) => Promise<ApiAnswer>, shopper?: ShopperReads): PageReads {
  const context: [Key, unknown][] = shopper ? [[PAGE_CONTEXT_KEY, shopper.context]] : [];
  const cache = cacheWith(context);
  const pending = new Map<string, Promise<unknown>>();
  const answered: [Key, unknown][] = [...context];
  let notFound = false;
  return {
    cache,
    read(key) {
      const path = serverReadablePath(key, shopper !== undefined);
      if (path === null) return undefined;
      const serialized = unstable_serialize(key);
      let promise = pending.get(serialized);
      if (!promise) {
        promise = get(path).then((answer) => {
          if (answer?.status === 200) {
            cache.set(serialized, loadedEntry(answer.body));
            answered.push([key, answer.body]);
          } else if (answer?.status === 404) {
            notFound = true;
          }
        });
        pending.set(serialized, promise);
      }
      return promise;
    },
    answered: () => answered,
    notFound: () => notFound,
  };
}
