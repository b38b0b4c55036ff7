import type { Redis } from 'ioredis';
import type { ReleaseFigures, RemoteView } from '@shop/contracts/progressive-delivery';
import type { RemoteName } from '@shop/contracts/remotes';

const MINUTE_MS = 60_000;

/**
 * Page views per remote release, counted by the minute (decision 021): how many, how many failed (to load, or while
 * rendering), and which browsers reported them and saw a failure, so the rule can count browsers rather than views.
 * A browser is the opaque id its view token names (a random bucket, or one page load): nothing personal, no address,
 * no page. Counts older than the longest window asked for are dropped.
 */
export interface ReleaseCounts {
  /** Counts the views one browser reported; `browser` '' counts views only (the server's own renders). */
  record(views: readonly RemoteView[], browser: string, now?: number): Promise<void>;
  /** Totals of one release from `since` (ms) to now, whole minutes; a browser counts once over the whole span. */
  figures(remote: RemoteName, version: string, since: number, now?: number): Promise<ReleaseFigures>;
}

const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);

/** The minutes from `since` to `now`, never further back than what is kept. */
function minutes(since: number, now: number, keepMinutes: number): number[] {
  const list: number[] = [];
  for (let minute = Math.max(minuteOf(since), minuteOf(now) - keepMinutes); minute <= minuteOf(now); minute++) list.push(minute);
  return list;
}

const isFailure = (view: RemoteView) => view.outcome !== 'rendered';

interface MinuteCounts {
  views: number;
  failed: number;
  browsers: Set<string>;
  failedBrowsers: Set<string>;
}

/** One shell on its own: counts in memory. */
export class MemoryReleaseCounts implements ReleaseCounts {
  readonly #counts = new Map<string, MinuteCounts>();

  constructor(private readonly keepMinutes: number) {}

  async record(views: readonly RemoteView[], browser: string, now = Date.now()): Promise<void> {
    const minute = minuteOf(now);
    for (const view of views) {
      const key = `${view.remote} ${view.version} ${minute}`;
      const counts = this.#counts.get(key) ?? { views: 0, failed: 0, browsers: new Set<string>(), failedBrowsers: new Set<string>() };
      counts.views += 1;
      if (browser) counts.browsers.add(browser);
      if (isFailure(view)) {
        counts.failed += 1;
        if (browser) counts.failedBrowsers.add(browser);
      }
      this.#counts.set(key, counts);
    }
    for (const key of this.#counts.keys()) {
      if (Number(key.slice(key.lastIndexOf(' ') + 1)) < minute - this.keepMinutes) this.#counts.delete(key);
    }
  }

  async figures(remote: RemoteName, version: string, since: number, now = Date.now()): Promise<ReleaseFigures> {
    let views = 0;
    let failed = 0;
    const browsers = new Set<string>();
    const failedBrowsers = new Set<string>();
    for (const minute of minutes(since, now, this.keepMinutes)) {
      const counts = this.#counts.get(`${remote} ${version} ${minute}`);
      if (!counts) continue;
      views += counts.views;
      failed += counts.failed;
      for (const browser of counts.browsers) browsers.add(browser);
      for (const browser of counts.failedBrowsers) failedBrowsers.add(browser);
    }
    return { views, failed, browsers: browsers.size, failedBrowsers: failedBrowsers.size };
  }
}

/**
 * Every shell counts into Redis, so the rule sees every browser's views whichever shell they reached. Browsers are
 * counted with HyperLogLogs (PFADD, and PFCOUNT over the window's minutes gives their union): 12 kB per release and
 * minute at most, whatever the number of browsers, within 1 % of the exact count.
 */
export class RedisReleaseCounts implements ReleaseCounts {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly keepMinutes: number,
    /** What is counted under this prefix: browsers' reports (`telemetry`) or the server's own renders. */
    private readonly kind = 'telemetry',
  ) {}

  #key(remote: string, version: string, minute: number): string {
    return `${this.prefix}${this.kind}:${remote}:${version}:${minute}`;
  }

  async record(views: readonly RemoteView[], browser: string, now = Date.now()): Promise<void> {
    const minute = minuteOf(now);
    const ttl = (this.keepMinutes + 1) * 60;
    const pipeline = this.client.pipeline();
    for (const view of views) {
      const key = this.#key(view.remote, view.version, minute);
      pipeline.hincrby(key, 'views', 1).expire(key, ttl);
      if (isFailure(view)) pipeline.hincrby(key, 'failed', 1);
      if (!browser) continue;
      pipeline.pfadd(`${key}:browsers`, browser).expire(`${key}:browsers`, ttl);
      if (isFailure(view)) pipeline.pfadd(`${key}:failed-browsers`, browser).expire(`${key}:failed-browsers`, ttl);
    }
    await pipeline.exec();
  }

  async figures(remote: RemoteName, version: string, since: number, now = Date.now()): Promise<ReleaseFigures> {
    const keys = minutes(since, now, this.keepMinutes).map((minute) => this.#key(remote, version, minute));
    const pipeline = this.client.pipeline();
    for (const key of keys) pipeline.hmget(key, 'views', 'failed');
    pipeline.pfcount(...keys.map((key) => `${key}:browsers`));
    pipeline.pfcount(...keys.map((key) => `${key}:failed-browsers`));
    const results = (await pipeline.exec()) ?? [];
    const total = { views: 0, failed: 0, browsers: 0, failedBrowsers: 0 };
    for (const [error] of results) if (error) throw error;
    for (const [, value] of results.slice(0, keys.length)) {
      const [views, failed] = value as [string | null, string | null];
      total.views += Number(views ?? 0);
      total.failed += Number(failed ?? 0);
    }
    total.browsers = Number(results[keys.length]![1]);
    total.failedBrowsers = Number(results[keys.length + 1]![1]);
    return total;
  }
}
