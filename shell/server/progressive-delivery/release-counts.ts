import type { Redis } from 'ioredis';
import type { ReleaseFigures, RemoteView } from '@shop/contracts/progressive-delivery';
import type { RemoteName } from '@shop/contracts/remotes';

const MINUTE_MS = 60_000;

/**
 * Page views per remote release, counted by the minute (decision 021): how many, and how many failed (to load, or
 * while rendering). Nothing else is kept: no address, no bucket, no page. Counts older than the longest window asked
 * for are dropped.
 */
export interface ReleaseCounts {
  record(views: readonly RemoteView[], now?: number): Promise<void>;
  /** Totals of one release from `since` (ms) to now, whole minutes. */
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

/** One shell on its own: counts in memory. */
export class MemoryReleaseCounts implements ReleaseCounts {
  readonly #counts = new Map<string, ReleaseFigures>();

  constructor(private readonly keepMinutes: number) {}

  async record(views: readonly RemoteView[], now = Date.now()): Promise<void> {
    const minute = minuteOf(now);
    for (const view of views) {
      const key = `${view.remote} ${view.version} ${minute}`;
      const counts = this.#counts.get(key) ?? { views: 0, failed: 0 };
      counts.views += 1;
      if (isFailure(view)) counts.failed += 1;
      this.#counts.set(key, counts);
    }
    for (const key of this.#counts.keys()) {
      if (Number(key.slice(key.lastIndexOf(' ') + 1)) < minute - this.keepMinutes) this.#counts.delete(key);
    }
  }

  async figures(remote: RemoteName, version: string, since: number, now = Date.now()): Promise<ReleaseFigures> {
    const total = { views: 0, failed: 0 };
    for (const minute of minutes(since, now, this.keepMinutes)) {
      const counts = this.#counts.get(`${remote} ${version} ${minute}`);
      total.views += counts?.views ?? 0;
      total.failed += counts?.failed ?? 0;
    }
    return total;
  }
}

/** Every shell counts into Redis, so the rule sees every browser's views whichever shell they reached. */
export class RedisReleaseCounts implements ReleaseCounts {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly keepMinutes: number,
  ) {}

  #key(remote: string, version: string, minute: number): string {
    return `${this.prefix}telemetry:${remote}:${version}:${minute}`;
  }

  async record(views: readonly RemoteView[], now = Date.now()): Promise<void> {
    const minute = minuteOf(now);
    const pipeline = this.client.pipeline();
    for (const view of views) {
      const key = this.#key(view.remote, view.version, minute);
      pipeline.hincrby(key, 'views', 1);
      if (isFailure(view)) pipeline.hincrby(key, 'failed', 1);
      pipeline.expire(key, (this.keepMinutes + 1) * 60);
    }
    await pipeline.exec();
  }

  async figures(remote: RemoteName, version: string, since: number, now = Date.now()): Promise<ReleaseFigures> {
    const pipeline = this.client.pipeline();
    for (const minute of minutes(since, now, this.keepMinutes)) pipeline.hmget(this.#key(remote, version, minute), 'views', 'failed');
    const results = (await pipeline.exec()) ?? [];
    const total = { views: 0, failed: 0 };
    for (const [error, value] of results) {
      if (error) throw error;
      const [views, failed] = value as [string | null, string | null];
      total.views += Number(views ?? 0);
      total.failed += Number(failed ?? 0);
    }
    return total;
  }
}
