import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ROLLBACK_RULE } from '@shop/contracts/progressive-delivery';
import { originProblem } from '@shop/contracts/release-url';
import type { CanaryConfig } from './canary/open-progressive-delivery';
import type { MetricsListenerSettings } from '@shop/server-kit/metrics-server';
import { optionalOriginListSetting, readServerConfig, secretSetting } from '@shop/server-kit/server-config';
import { edgePurgeUrlsSetting } from '@shop/server-kit/edge-purge';

/** Simple path segments (the store's prefix), no query, fragment or credentials: `<url>/<remote>/releases.json` stays canonical. */
const STORE_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;

/**
 * RELEASES_PUBLIC_URL: where the release store's files are read (its public base, prefix included), without its
 * trailing slash; undefined when unset.
 */
const releaseStoreSetting = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || originProblem(url.origin) || url.username || url.password || url.search || url.hash || value.includes('@') || !STORE_PATH.test(url.pathname)) {
      ctx.addIssue({ code: 'custom', message: 'must be the release store’s public URL, http(s)://host[:port][/prefix], without query, fragment or credentials' });
      return z.NEVER;
    }
    return url.href.replace(/\/$/, '');
  });

/** Why the store's origin cannot be where releases come from, or null (`allowed`: the allowed release origins, and where they come from). */
export function releaseStoreOriginProblem(storeUrl: string, allowed: { origins: readonly string[]; from: string }): string | null {
  const { origin } = new URL(storeUrl);
  if (allowed.origins.includes(origin)) return null;
  return `RELEASES_PUBLIC_URL: its origin ${origin} is not among the allowed release origins (${allowed.from}: ${allowed.origins.join(', ') || 'none'}), so no release of the store could go live; add ${origin} to ALLOWED_RELEASE_ORIGINS`;
}

const Env = z.object({
  // With REDIS_URL every shell shares the live configuration, the revisions, the operators and their sessions, the
  // canary's counts and limits (decision 020); without it this shell keeps them in files beside remotes.json (one shell).
  REDIS_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^rediss?:\/\/[^\s]+$/.test(value), 'must be a redis:// or rediss:// URL')
    .transform((value) => value || undefined),
  REDIS_PREFIX: z.string().regex(/^[a-z0-9:_-]{0,40}$/i, 'letters, digits, `:`, `_`, `-`, at most 40').default('maison-argane:'),
  OPERATORS_FILE: z.string().optional(),
  // Where a release may be switched to from the console; unset: the origins of the remotes in the file at start.
  ALLOWED_RELEASE_ORIGINS: optionalOriginListSetting,
  // The release store (server-kit's release-store): each remote's releases are also discovered from
  // `<RELEASES_PUBLIC_URL>/<remote>/releases.json`. Its origin must be an allowed release origin.
  RELEASES_PUBLIC_URL: releaseStoreSetting,
  // cart-service's operators' token: the console's orders go through this server, never through a browser.
  ADMIN_TOKEN: secretSetting,
  // Progressive delivery (decision 021): when a canary is aborted by itself, how often it is judged, and which share
  // of page views browsers report.
  CANARY_MIN_BROWSERS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_ROLLBACK_RULE.minBrowsers),
  CANARY_MIN_FAILURE_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_ROLLBACK_RULE.minFailureRate),
  CANARY_MIN_RATIO: z.coerce.number().min(1).max(1000).default(DEFAULT_ROLLBACK_RULE.minRatioToLive),
  CANARY_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(DEFAULT_ROLLBACK_RULE.windowMinutes),
  CANARY_CHECK_MS: z.coerce.number().int().min(200).max(60_000).default(2000),
  TELEMETRY_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  // Prometheus metrics for the operators' tools on an internal listener (never the shop's port); 0 turns it off.
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: secretSetting,
  // Without METRICS_TOKEN, the token scrapes must send is read from this file (drawn on the first start, mode 0600).
  METRICS_TOKEN_FILE: z.string().optional(),
  // The shared caches in front of the shells (decision 045): every Varnish of the fleet, comma-separated; a change of
  // the live configuration purges the pages of the releases it replaces. Unset: no cache to purge.
  EDGE_PURGE_URLS: edgePurgeUrlsSetting,
}).superRefine((e, ctx) => {
  // Without ALLOWED_RELEASE_ORIGINS, the default (the remotes' origins at start) is checked when it is known (open-operations.ts).
  if (!e.RELEASES_PUBLIC_URL || !e.ALLOWED_RELEASE_ORIGINS?.length) return;
  const problem = releaseStoreOriginProblem(e.RELEASES_PUBLIC_URL, { origins: e.ALLOWED_RELEASE_ORIGINS, from: 'ALLOWED_RELEASE_ORIGINS' });
  if (problem) ctx.addIssue({ code: 'custom', path: ['RELEASES_PUBLIC_URL'], message: problem.replace(/^RELEASES_PUBLIC_URL: /, '') });
});

export interface ReleaseControlConfig {
  /** The operators' remotes.json: the embedded default, seeding the shared store, its hand edits followed. */
  remotesPath: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** The revisions of a shell on its own (beside remotes.json). */
  historyPath: string;
  operatorsPath: string;
  /** The previews of a shell on its own (beside remotes.json, mode 0600). */
  previewsPath: string;
  /** ALLOWED_RELEASE_ORIGINS, or undefined: the origins of the file at start (open-operations.ts). */
  allowedReleaseOrigins: string[] | undefined;
  /** RELEASES_PUBLIC_URL without its trailing slash: the release store, whose indexes are also read; undefined: none. */
  releasesPublicUrl: string | undefined;
  adminToken: string | undefined;
  canary: CanaryConfig;
  /** The internal metrics listener, or null when METRICS_PORT=0; scrapes always need a bearer token. */
  metrics: MetricsListenerSettings | null;
  /** EDGE_PURGE_URLS: the caches purged after each change of the live configuration (none: nothing purged). */
  edgePurgeUrls: string[];
}

/** Release control's part of the environment, beside the remotes file the shell was given; throws listing every bad variable. */
export function loadReleaseControlConfig(remotesPath: string, env: NodeJS.ProcessEnv = process.env): ReleaseControlConfig {
  const e = readServerConfig('release control', Env, env);
  return {
    remotesPath,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    historyPath: remotesPath.replace(/(\.json)?$/, '.history.json'),
    previewsPath: remotesPath.replace(/(\.json)?$/, '.previews.json'),
    operatorsPath: resolve(e.OPERATORS_FILE || resolve(dirname(remotesPath), 'operators.json')),
    allowedReleaseOrigins: e.ALLOWED_RELEASE_ORIGINS?.length ? e.ALLOWED_RELEASE_ORIGINS : undefined,
    releasesPublicUrl: e.RELEASES_PUBLIC_URL,
    adminToken: e.ADMIN_TOKEN,
    canary: {
      rule: {
        minBrowsers: e.CANARY_MIN_BROWSERS,
        minFailureRate: e.CANARY_MIN_FAILURE_RATE,
        minRatioToLive: e.CANARY_MIN_RATIO,
        windowMinutes: e.CANARY_WINDOW_MINUTES,
      },
      checkIntervalMs: e.CANARY_CHECK_MS,
      sampleRate: e.TELEMETRY_SAMPLE_RATE,
    },
    metrics:
      e.METRICS_PORT === 0
        ? null
        : {
            host: e.METRICS_HOST,
            port: e.METRICS_PORT,
            token: e.METRICS_TOKEN,
            tokenFile: resolve(e.METRICS_TOKEN_FILE || resolve(dirname(remotesPath), 'metrics-token')),
          },
    edgePurgeUrls: e.EDGE_PURGE_URLS,
  };
}
