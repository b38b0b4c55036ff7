import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * A fixed-window limit per key (rate-limiter-flexible): in this shell's memory, or in the shared Redis so every shell
 * counts the same attempts. `name` keeps each limit's keys apart (`login-address`, `telemetry-browser`…).
 */
export function rateLimiter(redis: { client: Redis; prefix: string } | undefined, name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}${name}`, points, duration: durationSeconds })
    : new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
}

/**
 * How long (ms) until `key` may be counted again when its limit is already spent (its next consume would be refused),
 * else null. It only reads: a refusal decided this way writes nothing (no key, no counter, no expiry), so a flood from
 * ever new sources leaves nothing behind in memory or in Redis. Rejects when the store fails.
 */
export async function msWhileSpent(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  const state = await limiter.get(key);
  return state && state.consumedPoints >= limiter.points && state.msBeforeNext > 0 ? state.msBeforeNext : null;
}

/**
 * Seconds to wait when one of the limiters consumed has refused, else null. A limiter that failed (Redis gone) rejects
 * with an Error: rethrown, unless `failedWaitMs` says how long such a failure is to be waited out instead.
 */
export async function secondsToWait(consumed: Array<Promise<RateLimiterRes>>, failedWaitMs?: number): Promise<number | null> {
  const results = await Promise.allSettled(consumed);
  const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (refused.length === 0) return null;
  const waits = refused.map((reason) => {
    if (reason instanceof RateLimiterRes) return reason.msBeforeNext;
    if (failedWaitMs === undefined) throw reason;
    return failedWaitMs;
  });
  return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
}
