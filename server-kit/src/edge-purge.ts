import { z } from 'zod';
import { EDGE_PURGE_METHOD, EDGE_PURGE_TAGS_HEADER, edgeTagList, SHARED_PAGE_SECONDS } from '@shop/contracts/edge-cache';
import { optionalListSetting, readServerConfig } from './server-config';

/**
 * Purging the shared caches in front of the shells (contracts' edge-cache.ts): a server that changes what pages show
 * (release control's switches, cart-service's catalogue) names the tags of those pages, and every cache of the fleet
 * drops them. A purge is best effort: pages also expire after `s-maxage`, so a cache that missed one serves a stale page
 * for that long at most. Nothing a shopper or an operator waits for ever waits on a purge.
 */

/** One cache, or one CDN's purge API: what it takes to drop pages by tag. Throws when the cache did not confirm it. */
export interface EdgePurgeAdapter {
  /** For the logs: which cache (never a credential). */
  readonly name: string;
  purge(tags: readonly string[]): Promise<void>;
}

export interface VarnishAdapterOptions {
  /** A cache that does not answer within this is counted as failed (and retried): 2 s by default. */
  timeoutMs?: number;
}

/**
 * A Varnish with the xkey vmod (deploy/varnish/shop.vcl): `PURGE` to `url` with the tags, space-separated, in
 * `xkey-purge`. Any 2xx is a purge done (Varnish may say how many objects it dropped, or nothing); any other answer,
 * a redirect included, or no answer is a failure.
 */
export function varnishXkeyAdapter(url: string, options: VarnishAdapterOptions = {}): EdgePurgeAdapter {
  const timeoutMs = options.timeoutMs ?? 2000;
  const name = `varnish ${new URL(url).host}`;
  return {
    name,
    async purge(tags) {
      const response = await fetch(url, {
        method: EDGE_PURGE_METHOD,
        headers: { [EDGE_PURGE_TAGS_HEADER]: tags.join(' ') },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read to the end, so that the connection goes back to the pool.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status > 299) throw new Error(`${name} answered ${response.status} to ${EDGE_PURGE_METHOD}`);
    },
  };
}

/** Where a purger writes: pino's logger, release control's, or a test's. */
export interface EdgePurgeLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface EdgePurger {
  /**
   * Drops the pages carrying any of `tags` from every cache, in the background: it returns at once and never throws.
   * `reason` says what changed, for the logs (`switch mf_cart`, `product edited`).
   */
  purge(tags: readonly string[], reason: string): void;
  /** Resolves once every purge asked for so far has succeeded or given up (tests, and a server that stops). */
  settled(): Promise<void>;
}

export interface EdgePurgerOptions {
  /** Every cache of the fleet: each one is purged, in parallel. */
  adapters: readonly EdgePurgeAdapter[];
  log: EdgePurgeLog;
  /** Attempts after the first one's failure: 3 by default (4 in all). */
  retries?: number;
  /** The wait before the first retry, doubled before each next one: 200 ms by default (200, 400, 800). */
  backoffMs?: number;
  /** Tags per request: a header of 100 tags stays well under the caches' header limits (8 KiB in Varnish). */
  batchSize?: number;
}

/** Tags per purge request by default. */
export const EDGE_PURGE_BATCH = 100;

/**
 * Purges every adapter in parallel, each batch of tags retried with exponential backoff; a failure is logged (a
 * warning at each retry, an error once it gives up, saying the TTL bounds the staleness), never thrown.
 */
export function edgePurger(options: EdgePurgerOptions): EdgePurger {
  const { adapters, log } = options;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 200;
  const batchSize = options.batchSize ?? EDGE_PURGE_BATCH;
  const running = new Set<Promise<void>>();

  const purgeOne = async (adapter: EdgePurgeAdapter, tags: readonly string[], reason: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await adapter.purge(tags);
        return;
      } catch (error) {
        const fields = { adapter: adapter.name, tags: tags.length, reason, attempt, err: error };
        if (attempt > retries) {
          log.error(
            { ...fields, staleAtMostSeconds: SHARED_PAGE_SECONDS.sMaxAge },
            `edge purge failed ${attempt} times, given up: the cache serves these pages until their TTL ends (s-maxage ${SHARED_PAGE_SECONDS.sMaxAge} s)`,
          );
          return;
        }
        log.warn(fields, 'edge purge failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
      }
    }
  };

  // One cache's batches one after another (an import's thousands of tags do not open a hundred requests at once).
  const purgeAdapter = async (adapter: EdgePurgeAdapter, tags: readonly string[], reason: string): Promise<void> => {
    for (let start = 0; start < tags.length; start += batchSize) await purgeOne(adapter, tags.slice(start, start + batchSize), reason);
  };

  return {
    purge(tags, reason) {
      const wanted = edgeTagList(tags);
      if (wanted.length === 0 || adapters.length === 0) return;
      const done: Promise<void> = Promise.all(adapters.map((adapter) => purgeAdapter(adapter, wanted, reason)))
        .then(() => undefined)
        .catch(() => undefined) // purgeOne never rejects; a logger that throws must not reach the caller either
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** A purger for a server with no cache in front of it: the same shape, doing nothing. */
export const noEdgePurger: EdgePurger = { purge: () => undefined, settled: async () => undefined };

/** An http(s) URL without credentials (the logs name a cache by its URL's host), or not. */
const isPurgeUrl = (value: string) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  return url !== null && /^https?:$/.test(url.protocol) && !url.username && !url.password;
};

/**
 * EDGE_PURGE_URLS: the caches to purge, comma-separated (every Varnish of the fleet, e.g.
 * `http://10.0.0.5:8081/,http://10.0.0.6:8081/`); unset or empty: none. For a server's schema (config.ts). A bad item
 * is named by its place, never quoted: it may hold a password.
 */
export const edgePurgeUrlsSetting = optionalListSetting.transform((urls, ctx) => {
  (urls ?? []).forEach((url, i) => {
    if (!isPurgeUrl(url)) ctx.addIssue({ code: 'custom', message: `each must be an http or https URL without credentials, e.g. http://127.0.0.1:8081/ (item ${i + 1} is not)` });
  });
  return urls ?? [];
});

/** The purger of these Varnish URLs (EDGE_PURGE_URLS as a server's config read it); none: one that does nothing. */
export function edgePurgerForUrls(urls: readonly string[], log: EdgePurgeLog, options: Omit<EdgePurgerOptions, 'adapters' | 'log'> = {}): EdgePurger {
  if (urls.length === 0) return noEdgePurger;
  return edgePurger({ ...options, adapters: urls.map((url) => varnishXkeyAdapter(url)), log });
}

/** The purger EDGE_PURGE_URLS asks for; throws ServerConfigError (server-config.ts) when it is not a list of http(s) URLs. */
export function edgePurgerFromEnv(env: NodeJS.ProcessEnv, log: EdgePurgeLog): EdgePurger {
  const { EDGE_PURGE_URLS } = readServerConfig('edge purge', z.object({ EDGE_PURGE_URLS: edgePurgeUrlsSetting }), env);
  return edgePurgerForUrls(EDGE_PURGE_URLS, log);
}
