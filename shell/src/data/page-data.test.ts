// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Middleware, SWRHook } from 'swr';
import { HELD_POSTS_ANSWERED } from '@shop/contracts/forms';
import { handedOver } from './page-data';

/** The fetcher SWR would call for `key` through the page's middleware. */
function fetcherThrough(entries: [string, unknown][], key: string, network: (key: string) => Promise<unknown>) {
  let seen: ((...args: unknown[]) => Promise<unknown>) | undefined;
  const next = ((_key: unknown, fetcher: (...args: unknown[]) => Promise<unknown>) => {
    seen = fetcher;
    return {};
  }) as unknown as SWRHook;
  const [middleware] = handedOver(entries).use as Middleware[];
  middleware!(next)(key, network, {});
  return seen!;
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[HELD_POSTS_ANSWERED];
});

describe('the data handed over with the page', () => {
  it('answers the first fetch of a key the server read, then the network does', async () => {
    const network = vi.fn(async () => 'from the network');
    const fetcher = fetcherThrough([['/api/cart', 'from the page']], '/api/cart', network);
    expect(await fetcher('/api/cart')).toBe('from the page');
    expect(await fetcher('/api/cart')).toBe('from the network');
    expect(network).toHaveBeenCalledOnce();
  });

  it('is not used once a cart form posted in the background before hydration has been answered', async () => {
    const network = vi.fn(async () => 'from the network');
    const fetcher = fetcherThrough([['/api/cart', 'from the page']], '/api/cart', network);
    (window as unknown as Record<string, unknown>)[HELD_POSTS_ANSWERED] = 1;
    expect(await fetcher('/api/cart')).toBe('from the network');
  });
});
