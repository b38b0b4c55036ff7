import type { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { msWhileSpent, rateLimiter, secondsToWait } from '../shared/rate-limits';

/**
 * How many login attempts are allowed before one is refused (429) or slowed down. OWASP's guidance on lockout:
 * a refusal that anyone can cause for an account lets them lock its operator out, so attempts are refused per source
 * (an address, an account from one address), slowed down per account, and capped for the whole shop (password checks
 * cost the machine: scrypt, ~100 ms of a core each). A browser where the operator has logged in before (a trusted
 * device, trusted-devices.ts) is not held by the others' attempts: it has its own limit.
 */
export const LOGIN_LIMITS = {
  /** Attempts from one address, on any accounts. */
  perAddress: { points: 20, durationSeconds: 15 * 60 },
  /** Attempts on one account from one address: five wrong passwords from one place stop that place only. */
  perAccountFromAddress: { points: 5, durationSeconds: 15 * 60 },
  /** Attempts on one account from anywhere beyond which each one waits `slowDownMs` before its check. */
  perAccountBeforeSlowDown: { points: 5, durationSeconds: 15 * 60 },
  slowDownMs: 1000,
  /** Attempts of untrusted browsers on the whole shop: a botnet's guesses cannot take the machine from shoppers. */
  shopPerMinute: { points: 30, durationSeconds: 60 },
  /** Attempts from one trusted browser (its own budget, which the others' attempts do not touch). */
  perTrustedDevice: { points: 5, durationSeconds: 15 * 60 },
} as const;

type Limit = { points: number; durationSeconds: number };
export type LoginLimitSettings = { [K in keyof typeof LOGIN_LIMITS]: (typeof LOGIN_LIMITS)[K] extends number ? number : Limit };

export interface LoginLimits {
  /**
   * Counts an attempt of a browser the operator has not logged in from before, before the password is checked (so
   * concurrent guesses cannot slip past). An attempt a spent limit refuses is not counted: its refusal writes nothing.
   * Answers the seconds to wait when a limit is spent, else the delay the account's slow-down asks for (0 when none).
   */
  untrusted(account: string, address: string): Promise<{ refusedFor: number } | { delayMs: number }>;
  /** Counts an attempt from a trusted browser: false when that browser has spent its own budget (it is then untrusted). */
  trusted(device: string): Promise<boolean>;
  /**
   * A successful login gives back what its attempt took: a trusted browser's count is cleared; an untrusted attempt's
   * points are returned and the account's count from that address is cleared.
   */
  succeeded(account: string, address: string, trustedDevice: string | null): Promise<void>;
}

/**
 * How long a shell trusts what it last saw of the whole shop's spent budget without asking the store again: a flood's
 * refusals then cost no round trip; another shell's successful login, which gives a point back, is seen this late.
 */
export const SHOP_SPENT_KNOWN_MS = 1000;

/** A limiter that failed (Redis gone) refuses logins for a minute rather than leaving them unlimited. */
const FAILED_WAIT_MS = 60_000;

/** In one shell's memory, or in Redis so every shell counts the same attempts (rate-limiter-flexible). */
export function loginLimits(redis?: { client: Redis; prefix: string }, settings: LoginLimitSettings = LOGIN_LIMITS): LoginLimits {
  const limiter = (name: string, limit: Limit) => rateLimiter(redis, `login-${name}`, limit.points, limit.durationSeconds);
  const byAddress = limiter('address', settings.perAddress);
  const byAccountFromAddress = limiter('account-address', settings.perAccountFromAddress);
  // Counts every attempt on the account (never refuses: `points` is only where the slow-down starts).
  const byAccount = limiter('account', { points: Number.MAX_SAFE_INTEGER, durationSeconds: settings.perAccountBeforeSlowDown.durationSeconds });
  const byShop = limiter('shop', settings.shopPerMinute);
  const byDevice = limiter('device', settings.perTrustedDevice);
  const accountKey = (account: string) => account.toLowerCase().slice(0, 64);
  const pairKey = (account: string, address: string) => `${accountKey(account)} ${address}`;

  // When the whole shop's budget was last seen spent, and until when.
  let shopSpent: { seenAt: number; until: number } | null = null;
  const shopSpentFor = (ms: number) => void (shopSpent = { seenAt: Date.now(), until: Date.now() + ms });
  const knownShopWait = (now: number) => (shopSpent && now < shopSpent.until && now - shopSpent.seenAt < SHOP_SPENT_KNOWN_MS ? shopSpent.until - now : null);

  return {
    async untrusted(account, address) {
      const known = knownShopWait(Date.now());
      if (known !== null) return { refusedFor: toSeconds(known) };
      // Each limit is looked at before anything is counted: a refused attempt writes nothing, so a flood from ever new
      // addresses creates no keys, and an address already refused cannot spend the shop's budget for everyone else.
      const shopPeek = msWhileSpent(byShop, 'all');
      shopPeek.then((ms) => ms !== null && shopSpentFor(ms), () => undefined);
      const peeked = await longestWait([msWhileSpent(byAddress, address), msWhileSpent(byAccountFromAddress, pairKey(account, address)), shopPeek]);
      if (peeked !== null) return { refusedFor: toSeconds(peeked) };
      // Counted before the password is checked, so concurrent guesses cannot slip past between the look and the check.
      const shopConsumed = byShop.consume('all');
      shopConsumed.catch((refusal: unknown) => refusal instanceof RateLimiterRes && shopSpentFor(refusal.msBeforeNext));
      const wait = await secondsToWait([byAddress.consume(address), byAccountFromAddress.consume(pairKey(account, address)), shopConsumed], FAILED_WAIT_MS);
      if (wait !== null) return { refusedFor: wait };
      const counted = await byAccount.consume(accountKey(account));
      return { delayMs: counted.consumedPoints > settings.perAccountBeforeSlowDown.points ? settings.slowDownMs : 0 };
    },
    async trusted(device) {
      return (await secondsToWait([byDevice.consume(device)], FAILED_WAIT_MS)) === null;
    },
    async succeeded(account, address, trustedDevice) {
      if (trustedDevice) {
        await byDevice.delete(trustedDevice);
        return;
      }
      shopSpent = null;
      await Promise.all([
        byAddress.reward(address, 1),
        byAccountFromAddress.delete(pairKey(account, address)),
        byShop.reward('all', 1),
        byAccount.reward(accountKey(account), 1),
      ]);
    },
  };
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The longest of the waits of limits already spent (a store that failed waits a minute), or null when none is. */
async function longestWait(peeks: Array<Promise<number | null>>): Promise<number | null> {
  const waits = (await Promise.allSettled(peeks)).map((peek) => (peek.status === 'rejected' ? FAILED_WAIT_MS : peek.value));
  const spent = waits.filter((wait): wait is number => wait !== null);
  return spent.length > 0 ? Math.max(...spent) : null;
}
