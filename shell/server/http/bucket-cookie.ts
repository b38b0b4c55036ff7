import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { BUCKET_COOKIE, BUCKET_ID, BUCKET_MAX_AGE_SECONDS, configForBucket } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';

/** The browser's bucket id from its cookie, or null (none, or not one this server could have written). */
export function bucketOf(ctx: Context): string | null {
  const id = ctx.cookies.get(BUCKET_COOKIE);
  return id && BUCKET_ID.test(id) ? id : null;
}

/**
 * The configuration this browser is served (decision 021). While a canary runs, a browser without a bucket gets one:
 * 128 random bits in a first-party cookie (HttpOnly: only the server reads it; Lax: it comes with the shopper's
 * navigations), nothing personal. Without a canary no cookie is written, so pages stay cacheable and cookie-free.
 * A page that depends on the bucket, or writes it, is `private`: a shared cache must never hand one browser's bucket
 * or release to another.
 */
export function servedConfig(ctx: Context, config: RemotesConfig): { config: RemotesConfig; bucket: string | null } {
  if (!config.canary) return { config, bucket: bucketOf(ctx) };
  let id = bucketOf(ctx);
  if (!id) {
    id = randomBytes(16).toString('hex');
    ctx.cookies.set(BUCKET_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      maxAge: BUCKET_MAX_AGE_SECONDS * 1000,
      overwrite: true,
    });
  }
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.vary('Cookie');
  return { config: configForBucket(config, id), bucket: id };
}
