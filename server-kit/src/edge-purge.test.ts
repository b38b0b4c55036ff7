import { afterEach, describe, expect, it } from 'vitest';
import { edgeTags } from '@shop/contracts/edge-cache';
import { edgePurger, edgePurgerFromEnv, noEdgePurger, varnishXkeyAdapter, type EdgePurgeAdapter } from './edge-purge';
import { ServerConfigError } from './server-config';
import { startTestEdgeCache, type TestEdgeCache } from './test-edge-cache';

const caches: TestEdgeCache[] = [];
afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});

/** A stand-in for Varnish on loopback, closed after the test. */
async function fakeVarnish(status?: (n: number) => number | 'hang'): Promise<TestEdgeCache> {
  const cache = await startTestEdgeCache(status);
  caches.push(cache);
  return cache;
}

function recordingLog() {
  const lines: Array<{ level: 'warn' | 'error'; fields: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    log: {
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
      error: (fields: object, message: string) => lines.push({ level: 'error', fields: fields as Record<string, unknown>, message }),
    },
  };
}

describe('varnishXkeyAdapter', () => {
  it('sends PURGE / with the tags, space-separated, in xkey-purge', async () => {
    const varnish = await fakeVarnish();
    await varnishXkeyAdapter(varnish.url).purge([edgeTags.product('p-1'), edgeTags.listings()]);
    expect(varnish.purges).toEqual([{ method: 'PURGE', path: '/', tags: ['product:p-1', 'listings'] }]);
  });

  it('takes any 2xx as done, and throws on any other answer or none', async () => {
    await expect(varnishXkeyAdapter((await fakeVarnish(() => 204)).url).purge(['shop'])).resolves.toBeUndefined();
    await expect(varnishXkeyAdapter((await fakeVarnish(() => 405)).url).purge(['shop'])).rejects.toThrow(/405/);
    await expect(varnishXkeyAdapter((await fakeVarnish(() => 301)).url).purge(['shop'])).rejects.toThrow(/301/);
    await expect(varnishXkeyAdapter((await fakeVarnish(() => 'hang')).url, { timeoutMs: 50 }).purge(['shop'])).rejects.toThrow();
    const closed = await fakeVarnish();
    await closed.close();
    await expect(varnishXkeyAdapter(closed.url).purge(['shop'])).rejects.toThrow();
  });
});

describe('edgePurger', () => {
  it('purges every cache of the fleet, each tag once, invalid ones left out, in batches', async () => {
    const [a, b] = [await fakeVarnish(), await fakeVarnish()];
    const { log, lines } = recordingLog();
    const purger = edgePurger({ adapters: [varnishXkeyAdapter(a.url), varnishXkeyAdapter(b.url)], log, batchSize: 100 });
    const products = Array.from({ length: 230 }, (_, i) => edgeTags.product(`p-${i}`));
    purger.purge([...products, 'product:p-0', 'two words', ''], 'test');
    await purger.settled();
    for (const varnish of [a, b]) {
      expect(varnish.purges.map((purge) => purge.tags.length)).toEqual([100, 100, 30]);
      expect(varnish.purges.flatMap((purge) => purge.tags)).toEqual(products);
    }
    expect(lines).toEqual([]);
  });

  it('retries a failed cache with backoff and warns at each retry', async () => {
    const flaky = await fakeVarnish((n) => (n <= 2 ? 503 : 200));
    const steady = await fakeVarnish();
    const { log, lines } = recordingLog();
    const purger = edgePurger({ adapters: [varnishXkeyAdapter(flaky.url), varnishXkeyAdapter(steady.url)], log, backoffMs: 1 });
    purger.purge(['release:mf_cart@1.0.0'], 'switch mf_cart');
    await purger.settled();
    expect(flaky.purges).toHaveLength(3);
    expect(steady.purges).toHaveLength(1);
    expect(lines.map((line) => [line.level, line.fields['attempt'], line.fields['reason']])).toEqual([
      ['warn', 1, 'switch mf_cart'],
      ['warn', 2, 'switch mf_cart'],
    ]);
  });

  it('gives up after 4 attempts with an error naming the cache, the tags, the reason and the TTL; never throws', async () => {
    const down = await fakeVarnish(() => 500);
    const { log, lines } = recordingLog();
    const adapter = varnishXkeyAdapter(down.url);
    const purger = edgePurger({ adapters: [adapter], log, backoffMs: 1 });
    expect(() => purger.purge(['product:p-1', 'listings'], 'product edited')).not.toThrow();
    await purger.settled();
    expect(down.purges).toHaveLength(4);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'warn', 'error']);
    const given = lines.at(-1)!;
    expect(given.fields).toMatchObject({ adapter: adapter.name, tags: 2, reason: 'product edited', attempt: 4, staleAtMostSeconds: 300 });
    expect(given.message).toMatch(/TTL/);
  });

  it('keeps a throwing adapter and a throwing logger away from the caller', async () => {
    const broken: EdgePurgeAdapter = { name: 'broken', purge: () => Promise.reject(new Error('down')) };
    const log = {
      warn: () => {
        throw new Error('log failed');
      },
      error: () => undefined,
    };
    const purger = edgePurger({ adapters: [broken], log, backoffMs: 1 });
    purger.purge(['shop'], 'test');
    await expect(purger.settled()).resolves.toBeUndefined();
  });

  it('sends nothing when no tag is left', async () => {
    const varnish = await fakeVarnish();
    const purger = edgePurger({ adapters: [varnishXkeyAdapter(varnish.url)], log: recordingLog().log });
    purger.purge(['', 'a b', 'x,y'], 'test');
    await purger.settled();
    expect(varnish.purges).toEqual([]);
  });
});

describe('edgePurgerFromEnv', () => {
  it('does nothing when EDGE_PURGE_URLS is unset or empty', () => {
    expect(edgePurgerFromEnv({}, recordingLog().log)).toBe(noEdgePurger);
    expect(edgePurgerFromEnv({ EDGE_PURGE_URLS: ' , ' }, recordingLog().log)).toBe(noEdgePurger);
  });

  it('purges every URL of the list', async () => {
    const [a, b] = [await fakeVarnish(), await fakeVarnish()];
    const purger = edgePurgerFromEnv({ EDGE_PURGE_URLS: `${a.url}, ${b.url}` }, recordingLog().log);
    purger.purge(['listings'], 'test');
    await purger.settled();
    expect([a.purges.length, b.purges.length]).toEqual([1, 1]);
  });

  it('refuses anything but http(s) URLs without credentials, naming the variable', () => {
    for (const value of ['ftp://cache:21/', 'varnish:8081', 'http://admin:secret@cache:8081/']) {
      expect(() => edgePurgerFromEnv({ EDGE_PURGE_URLS: value }, recordingLog().log)).toThrow(ServerConfigError);
    }
    expect(() => edgePurgerFromEnv({ EDGE_PURGE_URLS: 'ftp://cache:21/' }, recordingLog().log)).toThrow(/EDGE_PURGE_URLS: each must be an http or https URL/);
  });
});
