import type { Redis } from 'ioredis';
import type { Context, Middleware } from 'koa';
import { releaseVersionOf } from '@shop/contracts/operations';
import {
  MAX_BEACON_BYTES,
  TELEMETRY_PATH,
  type RemoteView,
} from '@shop/contracts/progressive-delivery';
import { telemetryBeaconSchema } from '@shop/contracts/telemetry-beacon-schema';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { BodyReadError, BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { bucketOf } from './bucket-cookie';
import type { ReleaseCounts } from './release-counts';

/**
 * Beacons allowed per minute. Per address generously (many shoppers share one address behind a mobile carrier's NAT);
 * per bucket (one browser) about one page view every two seconds.
 */
export const TELEMETRY_LIMITS = { perAddressPerMinute: 600, perBucketPerMinute: 30 } as const;

export interface TelemetryOptions {
  counts: ReleaseCounts;
  /** The live configuration: only its releases (and the canary's candidate) are counted. */
  config: () => RemotesConfig;
  redis?: { client: Redis; prefix: string };
  limits?: { perAddressPerMinute: number; perBucketPerMinute: number };
  log: { warn(object: object, message: string): void };
  /** Called with what was counted (metrics). */
  onCounted?: (views: readonly RemoteView[]) => void;
}

type Refusal = { status: number; code: string; message: string };

const refuse = (ctx: Context, { status, code, message }: Refusal) => {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error: { code, message } };
};

/**
 * `POST /telemetry` (decision 021): what browsers saw of each remote release in a page view, sent with
 * `navigator.sendBeacon`. Only the schema is accepted (2 kB at most, read no further), each address and each bucket
 * is rate-limited (every attempt counts, malformed ones too), and only the counts per release are kept. A view of a
 * release that is neither live nor the canary's candidate is accepted and not counted, so beacons cannot grow the
 * store with made-up versions.
 */
export function telemetryEndpoint(options: TelemetryOptions): Middleware {
  const limits = options.limits ?? TELEMETRY_LIMITS;
  const limiter = (name: string, points: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({ storeClient: options.redis.client, keyPrefix: `${options.redis.prefix}telemetry-${name}`, points, duration: 60 })
      : new RateLimiterMemory({ keyPrefix: `telemetry-${name}`, points, duration: 60 });
  const byAddress = limiter('address', limits.perAddressPerMinute);
  const byBucket = limiter('bucket', limits.perBucketPerMinute);

  return async (ctx, next) => {
    if (ctx.path !== TELEMETRY_PATH) return next();
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      return refuse(ctx, { status: 405, code: 'method_not_allowed', message: 'Méthode non autorisée pour cette adresse.' });
    }
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > MAX_BEACON_BYTES) {
      ctx.req.resume();
      return refuse(ctx, { status: 413, code: 'payload_too_large', message: `Rapport trop volumineux (${MAX_BEACON_BYTES} octets au plus).` });
    }
    // sendBeacon sends a Blob with its own type; text/plain is what a string becomes.
    if (!ctx.is('application/json', 'text/plain')) {
      ctx.req.resume();
      return refuse(ctx, { status: 415, code: 'unsupported_media_type', message: 'Envoyez du JSON.' });
    }
    const bucket = bucketOf(ctx);
    let wait: number | null;
    try {
      wait = await limited([byAddress.consume(ctx.ip), ...(bucket ? [byBucket.consume(bucket)] : [])]);
    } catch (error) {
      ctx.req.resume();
      return unavailable(ctx, error, options.log);
    }
    if (wait !== null) {
      ctx.req.resume();
      ctx.set('Retry-After', String(wait));
      return refuse(ctx, { status: 429, code: 'rate_limited', message: `Trop de rapports. Réessayez dans ${wait} s.` });
    }
    let raw: Buffer;
    try {
      raw = await readBodyWithin(ctx.req, MAX_BEACON_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return refuse(ctx, { status: 413, code: 'payload_too_large', message: `Rapport trop volumineux (${MAX_BEACON_BYTES} octets au plus).` });
      }
      if (error instanceof BodyReadError) return refuse(ctx, { status: 400, code: 'invalid_beacon', message: 'Rapport illisible.' });
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      return refuse(ctx, { status: 400, code: 'invalid_beacon', message: 'Le rapport n’est pas du JSON valide.' });
    }
    const beacon = telemetryBeaconSchema.safeParse(value);
    if (!beacon.success) return refuse(ctx, { status: 400, code: 'invalid_beacon', message: 'Le rapport ne suit pas le schéma attendu.' });
    const counted = beacon.data.views.filter(countedRelease(options.config()));
    try {
      if (counted.length > 0) await options.counts.record(counted);
    } catch (error) {
      return unavailable(ctx, error, options.log);
    }
    options.onCounted?.(counted);
    ctx.status = 204;
  };
}

/** The shared store did not answer (Redis gone): the beacon is lost, said plainly; the shopper notices nothing. */
function unavailable(ctx: Context, error: unknown, log: TelemetryOptions['log']): void {
  log.warn({ err: error }, 'telemetry not counted: the shared store did not answer');
  ctx.set('Retry-After', '30');
  refuse(ctx, { status: 503, code: 'unavailable', message: 'Rapport non enregistré : réessayez plus tard.' });
}

/** Releases whose views are counted: the live ones and the canary's candidate. */
function countedRelease(config: RemotesConfig): (view: RemoteView) => boolean {
  const known = new Set(config.remotes.map((remote) => `${remote.name} ${releaseVersionOf(remote.entry)}`));
  if (config.canary) known.add(`${config.canary.name} ${releaseVersionOf(config.canary.entry)}`);
  return (view) => known.has(`${view.remote} ${view.version}`);
}

/** Seconds to wait when a limiter is spent, else null. A limiter that fails (Redis gone) rejects with an Error. */
async function limited(consumed: Array<Promise<RateLimiterRes>>): Promise<number | null> {
  const results = await Promise.allSettled(consumed);
  const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (refused.length === 0) return null;
  const errors = refused.filter((reason) => !(reason instanceof RateLimiterRes));
  if (errors.length > 0) throw errors[0];
  return Math.max(1, Math.ceil(Math.max(...refused.map((reason) => (reason as RateLimiterRes).msBeforeNext)) / 1000));
}
