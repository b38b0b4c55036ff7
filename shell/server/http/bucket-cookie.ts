import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { ARM_COOKIE } from '@shop/contracts/edge-cache';
import { armOf, BUCKET_COOKIE, BUCKET_ID, BUCKET_MAX_AGE_SECONDS, configForBucket } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';

/** The browser's bucket id from its cookie, or null (none, or not one this server could have written). */
export function bucketOf(ctx: Context): string | null {
  const id = ctx.cookies.get(BUCKET_COOKIE);
  return id && BUCKET_ID.test(id) ? id : null;
}

/** First-party, HttpOnly (only servers read them), Lax (they come with the shopper's navigations), nothing personal. */
const COOKIE_ATTRIBUTES = { httpOnly: true, sameSite: 'lax', path: '/', overwrite: true } as const;

export interface Served {
  /** The releases this browser is served. */
  config: RemotesConfig;
  bucket: string | null;
  /** Whether the answer writes a cookie (a new bucket, or an arm the browser did not hold): then it is the browser's alone. */
  setsCookie: boolean;
}

/**
 * The configuration this browser is served (decision 021). While a canary runs, a browser without a bucket gets one:
 * 128 random bits. Beside it, the arm it is served (decision 045): the edge keys cached pages on it, so a page a
 * shared cache keeps under an arm is one every browser of that arm is served. Without a canary no bucket is written
 * and an arm left from an earlier canary is cleared, so pages stay cookie-free. An answer that writes either cookie is
 * `private`: a shared cache must never hand one browser's bucket to another.
 */
export function servedConfig(ctx: Context, config: RemotesConfig): Served {
  let bucket = bucketOf(ctx);
  let setsCookie = false;
  if (config.canary && !bucket) {
    bucket = randomBytes(16).toString('hex');
    ctx.cookies.set(BUCKET_COOKIE, bucket, { ...COOKIE_ATTRIBUTES, secure: ctx.secure, maxAge: BUCKET_MAX_AGE_SECONDS * 1000 });
    setsCookie = true;
  }
  const arm = armOf(config, bucket);
  if ((ctx.cookies.get(ARM_COOKIE) ?? null) !== arm) {
    // The arm lives as long as its bucket; an arm with no canary is cleared.
    ctx.cookies.set(ARM_COOKIE, arm ?? '', { ...COOKIE_ATTRIBUTES, secure: ctx.secure, maxAge: arm ? BUCKET_MAX_AGE_SECONDS * 1000 : 0 });
    setsCookie = true;
  }
  if (setsCookie) ctx.set('Cache-Control', 'private, no-cache');
  return { config: configForBucket(config, bucket), bucket, setsCookie };
}
