import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_ROLLBACK_RULE, type RollbackRule } from '@shop/contracts/progressive-delivery';
import { originProblem } from '@shop/contracts/release-url';
import { DEFAULT_CART_SERVICE_URL, DEFAULT_PORTS } from '@shop/contracts/ports';
import type { LogLevel } from '@shop/server-kit/logger';
import { logLevelSetting, optionalListSetting, portSetting, readServerConfig, trustProxySetting, urlSetting } from '@shop/server-kit/server-config';
import type { TrustProxy } from '@shop/server-kit/trusted-proxy';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A path setting: unset or empty gives `fallback`; relative paths are from the working directory. */
const pathSetting = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => resolve(value || fallback));

const Env = z.object({
  SHELL_PORT: portSetting(DEFAULT_PORTS.shell),
  SHELL_HOST: z.string().min(1).default('127.0.0.1'),
  CART_SERVICE_URL: urlSetting(DEFAULT_CART_SERVICE_URL),
  REMOTES_CONFIG: pathSetting(resolve(packageDir, 'config/remotes.json')),
  SHELL_DIST: pathSetting(resolve(packageDir, 'dist')),
  // The shell is the shop's edge: nobody in front of it is trusted unless the operator says so (e.g. TRUST_PROXY=1
  // behind one TLS terminator), so a client can never pick its own address for cart-service's rate limits.
  TRUST_PROXY: trustProxySetting('none'),
  LOG_LEVEL: logLevelSetting,
  // Pages are rendered on the server from the live remote releases (decision 017); `off` sends the page for the
  // browser to render alone, as before.
  SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
  // Where renderers are started as another user, one per connection (deploy/'s socket-activated unit, decision 027);
  // unset, the shell starts them as its own children, with the same permission flags.
  RENDERER_SOCKET: z.string().optional(),
  // How long a page may take on the server before its late parts are left to the browser (bench/: a page takes ~10 ms).
  RENDER_DEADLINE_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  // The shop's address as shoppers and crawlers reach it (canonical links, Open Graph, the sitemap): behind a proxy,
  // `https://www.example.ma`. Unset: http://localhost:<SHELL_PORT>.
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const url = URL.canParse(value) ? new URL(value) : null;
      if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: 'must be the shop\'s origin, http(s)://host[:port], without path, query or credentials' });
        return z.NEVER;
      }
      return url.origin;
    }),
  // Operators' console (decision 020). With REDIS_URL every shell shares the live configuration, the revisions, the
  // operators and their sessions; without it this shell keeps them in files beside remotes.json (one shell only).
  REDIS_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^rediss?:\/\/[^\s]+$/.test(value), 'must be a redis:// or rediss:// URL'),
  REDIS_PREFIX: z.string().regex(/^[a-z0-9:_-]{0,40}$/i, 'letters, digits, `:`, `_`, `-`, at most 40').default('maison-argane:'),
  OPERATORS_FILE: z.string().optional(),
  // Where a release may be switched to from the console; unset: the origins of the remotes in the file at start.
  ALLOWED_RELEASE_ORIGINS: optionalListSetting.refine(
    (origins) => !origins?.some((origin) => originProblem(origin)),
    'each origin must be scheme://host[:port] without a path, e.g. https://mf-cart.example.ma',
  ),
  // cart-service's operators' token: the console's orders go through this server, never through a browser.
  ADMIN_TOKEN: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 32, 'must be at least 32 characters'),
  // Progressive delivery (decision 021): when a canary is aborted by itself, how often it is judged, and which share
  // of page views browsers report.
  CANARY_MIN_BROWSERS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_ROLLBACK_RULE.minBrowsers),
  CANARY_MIN_FAILURE_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_ROLLBACK_RULE.minFailureRate),
  CANARY_MIN_RATIO: z.coerce.number().min(1).max(1000).default(DEFAULT_ROLLBACK_RULE.minRatioToLive),
  CANARY_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(DEFAULT_ROLLBACK_RULE.windowMinutes),
  CANARY_CHECK_MS: z.coerce.number().int().min(200).max(60_000).default(2000),
  TELEMETRY_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  // Prometheus metrics on an internal listener (never the shop's port); 0 turns it off.
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 32, 'must be at least 32 characters'),
  // Without METRICS_TOKEN, the token scrapes must send is read from this file (drawn on the first start, mode 0600).
  METRICS_TOKEN_FILE: z.string().optional(),
});

export interface ShellConfig {
  port: number;
  host: string;
  /** Where /api and /images are proxied to. */
  cartServiceUrl: string;
  /** The operators' remotes.json, watched while the server runs. */
  remotesPath: string;
  /** The shell's build (index.html and static/). */
  distDir: string;
  /** Proxies trusted to name the shopper's address and protocol (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  serverRendering: boolean;
  /** A socket on which a host starts each renderer (RENDERER_SOCKET), or undefined: the shell starts them. */
  rendererSocket: string | undefined;
  renderDeadlineMs: number;
  /** The shop's public origin, for canonical links, link previews and the sitemap. */
  publicUrl: string;
  operations: OperationsConfig;
  progressiveDelivery: ProgressiveDeliveryConfig;
  /**
   * The internal metrics listener, or null when METRICS_PORT=0. Scrapes always need a bearer token: METRICS_TOKEN, or
   * the one in `tokenFile` (metrics/metrics-token.ts).
   */
  metrics: { host: string; port: number; token: string | undefined; tokenFile: string } | null;
}

export interface ProgressiveDeliveryConfig {
  rule: RollbackRule;
  checkIntervalMs: number;
  /** Share of page views a browser reports (0–1). */
  sampleRate: number;
}

export interface OperationsConfig {
  redisUrl: string | undefined;
  redisPrefix: string;
  /** The revisions of a shell on its own (beside remotes.json). */
  historyPath: string;
  operatorsPath: string;
  /** Set from the file at start when ALLOWED_RELEASE_ORIGINS is unset (operations/open-operations.ts). */
  allowedReleaseOrigins: string[] | undefined;
  adminToken: string | undefined;
}

/** Reads the environment; throws one error listing every bad variable. */
export function loadShellConfig(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const e = readServerConfig('shell', Env, env);
  return {
    port: e.SHELL_PORT,
    host: e.SHELL_HOST,
    cartServiceUrl: e.CART_SERVICE_URL,
    remotesPath: e.REMOTES_CONFIG,
    distDir: e.SHELL_DIST,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    serverRendering: e.SERVER_RENDERING === 'on',
    rendererSocket: e.RENDERER_SOCKET || undefined,
    renderDeadlineMs: e.RENDER_DEADLINE_MS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.SHELL_PORT}`,
    operations: {
      redisUrl: e.REDIS_URL || undefined,
      redisPrefix: e.REDIS_PREFIX,
      historyPath: e.REMOTES_CONFIG.replace(/(\.json)?$/, '.history.json'),
      operatorsPath: resolve(e.OPERATORS_FILE || resolve(dirname(e.REMOTES_CONFIG), 'operators.json')),
      allowedReleaseOrigins: e.ALLOWED_RELEASE_ORIGINS?.length ? e.ALLOWED_RELEASE_ORIGINS : undefined,
      adminToken: e.ADMIN_TOKEN || undefined,
    },
    progressiveDelivery: {
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
            token: e.METRICS_TOKEN || undefined,
            tokenFile: resolve(e.METRICS_TOKEN_FILE || resolve(dirname(e.REMOTES_CONFIG), 'metrics-token')),
          },
  };
}
