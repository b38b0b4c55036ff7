import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Failed logins allowed per account and per address in the window, before 429 (OWASP: lock out progressively, per account and per source). */
export const LOGIN_LIMITS = {
  perAccount: { points: 5, durationSeconds: 15 * 60 },
  perAddress: { points: 20, durationSeconds: 15 * 60 },
} as const;

export interface LoginLimits {
  /**
   * Counts an attempt for `account` from `address` before the password is checked (so concurrent guesses cannot slip
   * past); answers the seconds to wait when either limit is spent, or null.
   */
  attempt(account: string, address: string): Promise<number | null>;
  /** A successful login clears the account's count and gives the address its attempt back. */
  succeeded(account: string, address: string): Promise<void>;
}

/** In one shell's memory, or in Redis so every shell counts the same attempts (rate-limiter-flexible). */
export function loginLimits(redis?: { client: Redis; prefix: string }): LoginLimits {
  const limiter = (name: string, limit: { points: number; durationSeconds: number }): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}login-${name}`, points: limit.points, duration: limit.durationSeconds })
      : new RateLimiterMemory({ keyPrefix: `login-${name}`, points: limit.points, duration: limit.durationSeconds });
  const byAccount = limiter('account', LOGIN_LIMITS.perAccount);
  const byAddress = limiter('address', LOGIN_LIMITS.perAddress);
  const accountKey = (account: string) => account.toLowerCase().slice(0, 64);

  return {
    async attempt(account, address) {
      const results = await Promise.allSettled([byAccount.consume(accountKey(account)), byAddress.consume(address)]);
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      if (refused.length === 0) return null;
      // A limiter that failed (Redis gone) rejects with an Error: logins are refused rather than unlimited.
      const waits = refused.map((reason) => (reason instanceof RateLimiterRes ? reason.msBeforeNext : 60_000));
      return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
    },
    async succeeded(account, address) {
      await Promise.all([byAccount.delete(accountKey(account)), byAddress.reward(address, 1)]);
    },
  };
}
