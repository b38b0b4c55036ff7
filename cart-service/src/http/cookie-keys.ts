import { createHmac, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';

/** What Koa accepts in `app.keys` besides an array: Keygrip's interface. */
export type CookieSigner = Exclude<Koa['keys'], string[]>;

/**
 * Koa's cookie signer, with Keygrip's exact signatures (HMAC-SHA1, base64url) so every cookie already issued stays
 * valid, but compared with `crypto.timingSafeEqual` instead of Keygrip's double-HMAC comparison, which draws random
 * bytes and computes two more HMACs per request: a third of GET /api/cart's CPU in the bench's profile.
 * The first key signs; every key verifies (rotation).
 */
export function cookieKeys(keys: readonly string[]): CookieSigner {
  if (keys.length === 0) throw new Error('At least one cookie-signing key is required.');
  const sign = (data: string, key: string) => createHmac('sha1', key).update(data).digest('base64url');
  const index = (data: string, digest: string) => {
    const given = Buffer.from(digest);
    for (let i = 0; i < keys.length; i += 1) {
      const expected = Buffer.from(sign(data, keys[i]!));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  };
  return { sign: (data: string) => sign(data, keys[0]!), verify: (data: string, digest: string) => index(data, digest) > -1, index };
}
