import { PAGE_META_ATTRIBUTE, PAGE_SNAPSHOT_ID } from '../../shared/page-ids';
import { use, useContext } from 'react';
import { unstable_serialize, type Key, type Middleware, type SWRConfiguration, type SWRHook } from 'swr';
import type { ExposedModuleId } from '@shop/contracts/exposes';
import { heldPostsAnswered } from '@shop/contracts/held-events';
import { PartClockContext, PartContext } from '../remotes/part-clock';

export { PAGE_META_ATTRIBUTE, PAGE_SNAPSHOT_ID };

/** What the server rendered a page with, handed to the browser so it hydrates the same tree without asking again. */
export interface PageSnapshot {
  /** SWR cache entries the server fetched (public catalogue reads only, see contracts' data-keys). */
  data: [key: Key, value: unknown][];
  /** Modules the server could not load, rendered as their fallbacks. */
  failed: ExposedModuleId[];
  /** The path the server answered 404 for although the route table knows it (an unknown product). */
  notFoundPath: string | null;
}

type CacheEntry = { data: unknown; isLoading: false; isValidating: false };

/** An SWR cache entry for an answer the server has: loaded, so the page shows it without a loading state. */
export const loadedEntry = (data: unknown): CacheEntry => ({ data, isLoading: false, isValidating: false });

/** The SWR cache a page starts with: the server's answers, marked as loaded (no loading state, no flash). */
export function cacheWith(entries: readonly (readonly [Key, unknown])[]): Map<string, CacheEntry> {
  return new Map(entries.map(([key, data]) => [unstable_serialize(key), loadedEntry(data)]));
}

/**
 * In the browser: SWR revalidates cached data on mount; for a key the server has just answered, the first fetch takes
 * the server's answer instead of asking the network again, unless a form posted in the background has changed it.
 */
export function handedOver(entries: readonly (readonly [Key, unknown])[]): SWRConfiguration {
  const pending = new Map(entries.map(([key, data]) => [unstable_serialize(key), data]));
  const middleware: Middleware = (useSWRNext: SWRHook) => (key, fetcher, config) => {
    const first =
      fetcher &&
      ((...args: unknown[]) => {
        const serialized = unstable_serialize(key);
        // A cart form posted in the background before hydration has changed the cart (and the stock) since the
        // server rendered: the network answers from then on.
        if (!pending.has(serialized) || heldPostsAnswered()) return (fetcher as (...a: unknown[]) => unknown)(...args);
        const data = pending.get(serialized);
        pending.delete(serialized);
        return Promise.resolve(data);
      });
    return useSWRNext(key, first as typeof fetcher, config);
  };
  const cache = cacheWith(entries);
  return { provider: () => cache, use: [middleware] };
}

/** On the server: what a page asks for while it renders, fetched once per key and page (undefined: not readable). */
export interface ServerReads {
  cache: Map<string, CacheEntry>;
  /** The one promise for the key (the same on every call; the data is in `cache` once it settles), or undefined for a key the server does not read. */
  read(key: Key): Promise<unknown> | undefined;
}

/**
 * On the server: a hook that asks for a readable key suspends until the server has fetched it, then renders with the
 * data in the cache; any other key renders as it would in the browser before its first answer.
 */
export function readWhileRendering(reads: ServerReads): SWRConfiguration {
  const middleware: Middleware = (useSWRNext: SWRHook) => (key, fetcher, config) => {
    const resolved: Key = typeof key === 'function' ? key() : key;
    // `use` on every render, answered or not: React matches the promises of a component by the order of its `use`
    // calls across the attempts of one render, so skipping an answered key would hand the next key its answer.
    // The renderer times each part by the reads it waits on (remotes/part-clock.ts).
    const clock = useContext(PartClockContext);
    const part = useContext(PartContext);
    const read = () => (resolved === null || resolved === undefined || resolved === false ? undefined : reads.read(resolved));
    const pending = clock && part ? clock.read(part, read) : read();
    if (pending) use(pending);
    return useSWRNext(key, fetcher, config);
  };
  return { provider: () => reads.cache, use: [middleware] };
}
