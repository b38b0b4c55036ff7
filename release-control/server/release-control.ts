import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import type { RemoteName, RemotesConfig, RemotesStatus } from '@shop/contracts/remotes';
import type { SharedLibrary } from '@shop/contracts/shared-libraries';
import type { LoginLimitSettings } from './accounts/login-limits';
import { openProgressiveDelivery, type ProgressiveDelivery } from './canary/open-progressive-delivery';
import type { TelemetryOptions } from './canary/telemetry-endpoint';
import { loadReleaseControlConfig, type ReleaseControlConfig } from './config';
import { operationsRoutes } from './operations-routes';
import { metricsUrl, startMetricsListener } from '@shop/server-kit/metrics-server';
import { ShopMetrics } from './metrics/shop-metrics';
import { openOperations, type OperationsStores } from './open-operations';
import { RefusedAccesses, type RefusedAccessEvent } from './refused-accesses';
import { browserFilesMissing, releaseRefusals } from './releases/release-checks';
import { releaseDiscovery } from './shared/release-discovery';
import { Previews, type OpenPreview } from './previews/previews';

export { loadReleaseControlConfig, type ReleaseControlConfig };
export type { RefusedAccessEvent, OpenPreview };

export interface ReleaseControlOptions {
  config: ReleaseControlConfig;
  /** The version of each shared library the shell provides: a release must accept them (release-checks.ts). */
  shellShared: Partial<Record<SharedLibrary, string>>;
  /** Pages are rendered on the server: a release must bring its Node build. */
  requireServerBuild: boolean;
  /** Where the console's orders are read (cart-service's operators' API, with ADMIN_TOKEN). */
  cartServiceUrl: string;
  /** The shop's public origin: the console and beacons answer only its pages. */
  publicUrl: string;
  /** The console's build (`dist/console` of this package, unless a test says otherwise). */
  consoleDir?: string;
  log: {
    info(object: object, message?: string): void;
    warn(object: object, message?: string): void;
    error(object: object, message?: string): void;
  } & { info(message: string): void; error(message: string): void };
}

/** What a page served to a shopper carries and tells release control (decisions 021, 025). */
export interface PageTelemetry {
  /** The share of page views browsers report (TELEMETRY_SAMPLE_RATE). */
  readonly sampleRate: number;
  /** The view token of a page served with `config` to a browser of `bucket` (or none). */
  viewToken(config: RemotesConfig, bucket: string | null): string;
  /** A page the server rendered with `config`, and the remotes it could not load there. */
  serverRendered(config: RemotesConfig, failedRemotes: readonly RemoteName[]): void;
}

/**
 * Release control as the shell mounts it, in its own process, at its own URLs: `/operations` (the console and its API)
 * and `/telemetry` (beacons). The shell reads the live configuration per request and reports what it rendered.
 */
export interface ReleaseControl {
  /** The live configuration and its revision number, as they are now. */
  readonly live: { readonly current: RemotesConfig; readonly revision: number };
  /** Origins a release may be switched to (ALLOWED_RELEASE_ORIGINS, or those of the file at start). */
  readonly allowedOrigins: readonly string[];
  /** `/operations` and `/telemetry`; `status` is the shell's check of which configured releases answer. */
  routes(status: () => Promise<RemotesStatus>): Middleware;
  readonly pages: PageTelemetry;
  /** Release previews (decision 030): what a link's token opens, and whether a preview is still open. */
  readonly previews: Pick<Previews, 'open' | 'isOpen'>;
  /** An access a renderer refused to a release's code, for the console. */
  refusedAccess(event: RefusedAccessEvent): void;
  /** The operators' metrics: the shell counts its requests and server renders there (decision 021). */
  readonly metrics: Pick<ShopMetrics, 'requests' | 'serverRender'>;
  /** Where the metrics listener answers, or null (METRICS_PORT=0, a port taken, no token). */
  readonly metricsUrl: string | null;
  close(): Promise<void>;
}

/**
 * Limits a test sets smaller than the shop's, so it reaches them quickly: logins, password checks, beacons, and how
 * often the canary's watch probes the candidate's files (0: at every check).
 */
export interface ReleaseControlLimits {
  login?: LoginLimitSettings;
  passwordChecks?: { concurrency: number; waiting: number };
  beacons?: TelemetryOptions['limits'];
  probeIntervalMs?: number;
}

export interface ReleaseControlParts {
  operations: OperationsStores;
  delivery: ProgressiveDelivery;
  metrics: ShopMetrics;
}

/**
 * Opens the live configuration (file or Redis), the operators' stores, the canary's counts and watch, and the metrics
 * browsers' reports are counted in. Fails when the configuration is unusable or Redis does not answer: a shell must
 * not serve a configuration of its own while the others serve the shared one.
 */
export async function openReleaseControlParts(options: ReleaseControlOptions, limits: ReleaseControlLimits = {}): Promise<ReleaseControlParts> {
  const operations = await openOperations(options.config, options.log, limits);
  const metrics = new ShopMetrics(() => operations.live.store.live);
  const delivery = await openProgressiveDelivery({
    store: operations.live.store,
    redis: operations.redis,
    config: options.config.canary,
    publicUrl: options.publicUrl,
    log: options.log,
    missingFiles: (remote, entry) => browserFilesMissing(remote, entry),
    onCounted: (views) => metrics.remoteViews(views),
    ...(limits.beacons ? { limits: limits.beacons } : {}),
    ...(limits.probeIntervalMs !== undefined ? { probeIntervalMs: limits.probeIntervalMs } : {}),
  });
  return { operations, delivery, metrics };
}

/** Release control with the shop's limits, and its metrics on the internal listener (METRICS_*). */
export async function openReleaseControl(options: ReleaseControlOptions): Promise<ReleaseControl> {
  const parts = await openReleaseControlParts(options);
  const settings = options.config.metrics;
  const listener = settings ? await startMetricsListener(parts.metrics, settings, options.log) : null;
  const control = releaseControlOf(parts, options);
  return {
    ...control,
    metricsUrl: listener && settings ? metricsUrl(listener, settings.host) : null,
    async close() {
      listener?.close();
      await control.close();
    },
  };
}

/** Release control from its opened parts (a test opens them with smaller limits: test-support/test-release-control.ts). */
export function releaseControlOf({ operations, delivery, metrics }: ReleaseControlParts, options: ReleaseControlOptions): ReleaseControl {
  const { config, log } = options;
  const store = operations.live.store;
  const refused = new RefusedAccesses();
  const consoleDir = options.consoleDir ?? fileURLToPath(new URL('../dist/console', import.meta.url));
  const refusals = (remote: RemoteName, entry: string) =>
    releaseRefusals(remote, entry, { allowedOrigins: operations.allowedOrigins, shellShared: options.shellShared, requireServerBuild: options.requireServerBuild });
  const live = {
    get current() {
      return store.live.config;
    },
  };
  const discover = releaseDiscovery({ storeUrl: config.releasesPublicUrl, allowedOrigins: operations.allowedOrigins });
  const previews = new Previews({ store: operations.previews, live, refusals, discover, publicUrl: options.publicUrl });
  return {
    live: {
      get current() {
        return store.live.config;
      },
      get revision() {
        return store.live.revision;
      },
    },
    allowedOrigins: operations.allowedOrigins,
    routes(status) {
      const console = operationsRoutes({
        store,
        operators: operations.operators,
        sessions: operations.sessions,
        limits: operations.limits,
        devices: operations.devices,
        checks: operations.checks,
        allowedOrigins: operations.allowedOrigins,
        refusals,
        discover,
        previews,
        live,
        status,
        cartServiceUrl: options.cartServiceUrl,
        adminToken: config.adminToken,
        consoleDir,
        publicUrl: options.publicUrl,
        log,
        canaryFigures: delivery.figures,
        refusedAccesses: () => refused.list(),
        rule: config.canary.rule,
      });
      return async (ctx, next) => console(ctx, () => delivery.endpoint(ctx, next));
    },
    pages: delivery,
    previews,
    refusedAccess: (event) => refused.record(event),
    metrics,
    metricsUrl: null,
    async close() {
      delivery.close();
      await operations.close();
    },
  };
}
