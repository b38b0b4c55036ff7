import type { Redis } from 'ioredis';
import type { Context, Middleware } from 'koa';
import {
  MAX_BEACON_BYTES,
  TELEMETRY_PATH,
  type RemoteView,
} from '@shop/contracts/progressive-delivery';
import { telemetryBeaconSchema } from '@shop/contracts/telemetry-beacon-schema';
import { trace } from '@opentelemetry/api';
import { ApiError, GENERIC_MESSAGES, sendApiError } from '@shop/server-kit/api-error';
import { requestOrigin } from '@shop/server-kit/request-origin';
import { BodyReadError, BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimiter, secondsToWait } from '../shared/rate-limits';
import type { ReleaseCounts } from './release-counts';
import type { TokenUses, ViewTokens } from './view-tokens';

/**
 * Beacons allowed per minute. Per address generously (many shoppers share one address behind a mobile carrier's NAT);
 * per browser (the view token's) about one page view every two seconds.
 */
export const TELEMETRY_LIMITS = { perAddressPerMinute: 600, perBrowserPerMinute: 30 } as const;

export interface TelemetryOptions {
  counts: ReleaseCounts;
  tokens: ViewTokens;
  uses: TokenUses;
  /** The shop's public origin (PUBLIC_URL): a beacon another site's page sent is refused. */
  publicUrl: string;
  redis?: { client: Redis; prefix: string };
  limits?: { perAddressPerMinute: number; perBrowserPerMinute: number };
  log: { warn(object: object, message: string): void };
  /** Called with what was counted (metrics). */
  onCounted?: (views: readonly RemoteView[]) => void;
}

type Refusal = { status: number; code: string; message: string };

const refuse = (ctx: Context, { status, code, message }: Refusal) => sendApiError(ctx, new ApiError(status, code, message));

/**
 * `POST /telemetry` (decisions 021 and 025): what a browser saw of each remote release in one page view, sent with
 * `navigator.sendBeacon`. Only the schema is accepted (2 kB at most, read no further), from no other site's page; each
 * address is rate-limited (every attempt counts, malformed ones too). A beacon counts only with the view token of a
 * page the shop served (signed, under an hour old, its budget of views not spent), for the releases that page was
 * served with, and within its browser's own limit; only the counts per release and which browsers reported are kept.
 * Since a token names only releases the shop served, made-up versions cannot grow the store.
 */
export function telemetryEndpoint(options: TelemetryOptions): Middleware {
  const limits = options.limits ?? TELEMETRY_LIMITS;
  const limiter = (name: string, points: number) => rateLimiter(options.redis, `telemetry-${name}`, points, 60);
  const byAddress = limiter('address', limits.perAddressPerMinute);
  const byBrowser = limiter('browser', limits.perBrowserPerMinute);

  return async (ctx, next) => {
    if (ctx.path !== TELEMETRY_PATH) return next();
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      return refuse(ctx, { status: 405, code: 'method_not_allowed', message: GENERIC_MESSAGES.methodNotAllowed });
    }
    if (requestOrigin(ctx.headers as Record<string, string | undefined>, [options.publicUrl]) === 'foreign') {
      ctx.req.resume();
      return refuse(ctx, { status: 403, code: 'forbidden_origin', message: 'Rapport refusé : il ne vient pas d’une page de la boutique.' });
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
    if ((await limitedOrUnavailable(ctx, [byAddress.consume(ctx.ip)], options.log)) !== 'pass') {
      ctx.req.resume();
      return;
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
    const token = options.tokens.verify(beacon.data.token);
    if ('refused' in token) return refuse(ctx, { status: 400, code: 'invalid_view_token', message: token.refused });
    if (beacon.data.views.some((view) => !token.releases.has(`${view.remote}@${view.version}`))) {
      return refuse(ctx, { status: 400, code: 'invalid_beacon', message: 'Rapport refusé : il nomme une version que cette page n’a pas reçue.' });
    }
    if ((await limitedOrUnavailable(ctx, [byBrowser.consume(token.browser)], options.log)) !== 'pass') return;
    const views = beacon.data.views;
    try {
      if (!(await options.uses.spend(token.id))) {
        return refuse(ctx, { status: 409, code: 'view_token_spent', message: 'Rapport non compté : ce jeton de page a déjà servi pour toutes ses pages vues.' });
      }
      await options.counts.record(views, token.browser);
    } catch (error) {
      return unavailable(ctx, error, options.log);
    }
    options.onCounted?.(views);
    pageTrace(beacon.data.traceparent, views, options.log);
    ctx.status = 204;
  };
}

/** 'pass', or the refusal already answered: 429 with Retry-After when a limiter is spent, 503 when one failed. */
async function limitedOrUnavailable(ctx: Context, consumed: Array<Promise<RateLimiterRes>>, log: TelemetryOptions['log']): Promise<'pass' | 'refused'> {
  let wait: number | null;
  try {
    wait = await secondsToWait(consumed);
  } catch (error) {
    unavailable(ctx, error, log);
    return 'refused';
  }
  if (wait === null) return 'pass';
  ctx.set('Retry-After', String(wait));
  refuse(ctx, { status: 429, code: 'rate_limited', message: `Trop de rapports. Réessayez dans ${wait} s.` });
  return 'refused';
}

/** The shared store did not answer (Redis gone): the beacon is lost, said plainly; the shopper notices nothing. */
function unavailable(ctx: Context, error: unknown, log: TelemetryOptions['log']): void {
  log.warn({ err: error }, 'telemetry not counted: the shared store did not answer');
  ctx.set('Retry-After', '30');
  refuse(ctx, { status: 503, code: 'unavailable', message: 'Rapport non enregistré : réessayez plus tard.' });
}

/**
 * The page load's server trace, which the beacon brought back (decision 035): linked from this request's span, and
 * named in the log line of a view that failed in the browser, so the trace of the page a shopper saw fail is found.
 */
function pageTrace(traceparent: string | undefined, views: readonly RemoteView[], log: TelemetryOptions['log']): void {
  if (!traceparent) return;
  const [, traceId = '', spanId = '', flags = '00'] = traceparent.split('-');
  trace.getActiveSpan()?.addLink({ context: { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true } });
  const failed = views.filter((view) => view.outcome !== 'rendered');
  if (failed.length > 0) log.warn({ views: failed, page_trace_id: traceId }, 'a page view failed in a browser');
}
