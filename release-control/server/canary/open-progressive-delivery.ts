import type { Redis } from 'ioredis';
import type { Middleware } from 'koa';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { CanaryFigures, RemoteView, RollbackRule } from '@shop/contracts/progressive-delivery';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import type { RevisionStore } from '../shared/revision-store';
import { sharedSecret } from './shared-secret';
import { canaryFigures, CanaryWatch, type CanaryCounts, type CanaryWatchOptions } from './canary-watch';
import { MemoryReleaseCounts, RedisReleaseCounts } from './release-counts';
import { telemetryEndpoint, type TelemetryOptions } from './telemetry-endpoint';
import { MemoryTokenUses, RedisTokenUses, ViewTokens } from './view-tokens';

/** The canary's settings (config.ts reads them from CANARY_* and TELEMETRY_SAMPLE_RATE). */
export interface CanaryConfig {
  rule: RollbackRule;
  checkIntervalMs: number;
  /** Share of page views a browser reports (0–1). */
  sampleRate: number;
}

export interface ProgressiveDelivery {
  counts: CanaryCounts;
  watch: CanaryWatch;
  /** `POST /telemetry`. */
  endpoint: Middleware;
  /** The share of page views browsers report (TELEMETRY_SAMPLE_RATE), written into each page. */
  sampleRate: number;
  /** The view token for a page served with `config` to a browser of `bucket` (or none). */
  viewToken(config: RemotesConfig, bucket: string | null): string;
  /** What the server saw itself of a page it rendered with `config`: the remotes whose modules it could not load. */
  serverRendered(config: RemotesConfig, failedRemotes: readonly RemoteName[]): void;
  figures(config: RemotesConfig): Promise<CanaryFigures | null>;
  close(): void;
}

export interface ProgressiveDeliveryOptions {
  store: RevisionStore;
  /** Shared with every shell when there is one; else this shell counts alone, in memory. */
  redis: { client: Redis; prefix: string } | undefined;
  config: CanaryConfig;
  /** The shop's public origin: beacons from any other site's page are refused. */
  publicUrl: string;
  log: CanaryWatchOptions['log'];
  limits?: TelemetryOptions['limits'];
  /** The candidate's browser files that do not answer (the release checks'), for the watch, and how often it asks. */
  missingFiles?: CanaryWatchOptions['missingFiles'];
  probeIntervalMs?: number;
  onCounted?: (views: readonly RemoteView[]) => void;
}

/** Telemetry from browsers, the server's own renders, their counts, and the watch that aborts a failing canary (decisions 021, 025). */
export async function openProgressiveDelivery(options: ProgressiveDeliveryOptions): Promise<ProgressiveDelivery> {
  const { store, redis, config, log } = options;
  const { rule } = config;
  const keep = rule.windowMinutes;
  const counts: CanaryCounts = redis
    ? { browsers: new RedisReleaseCounts(redis.client, redis.prefix, keep), server: new RedisReleaseCounts(redis.client, redis.prefix, keep, 'server-renders') }
    : { browsers: new MemoryReleaseCounts(keep), server: new MemoryReleaseCounts(keep) };
  const watch = new CanaryWatch({
    store,
    counts,
    rule,
    intervalMs: config.checkIntervalMs,
    log,
    ...(options.missingFiles ? { missingFiles: options.missingFiles } : {}),
    ...(options.probeIntervalMs !== undefined ? { probeIntervalMs: options.probeIntervalMs } : {}),
  });
  const tokens = new ViewTokens(await sharedSecret('view-tokens', redis));
  const endpoint = telemetryEndpoint({
    counts: counts.browsers,
    tokens,
    uses: redis ? new RedisTokenUses(redis.client, redis.prefix) : new MemoryTokenUses(),
    publicUrl: options.publicUrl,
    redis,
    log,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.onCounted ? { onCounted: options.onCounted } : {}),
  });
  return {
    counts,
    watch,
    endpoint,
    sampleRate: config.sampleRate,
    viewToken: (served, bucket) => tokens.issue(served, bucket),
    serverRendered(served, failedRemotes) {
      // Only a canary's remote is judged, on its two releases: nothing is counted while none runs.
      const canary = store.live.config.canary;
      const remote = canary && served.remotes.find((r) => r.name === canary.name);
      if (!remote) return;
      const view: RemoteView = { remote: remote.name, version: releaseVersionOf(remote.entry), outcome: failedRemotes.includes(remote.name) ? 'load_failed' : 'rendered' };
      counts.server.record([view], '').catch((error: unknown) => log.warn({ err: error }, 'server render not counted: the shared store did not answer'));
    },
    figures: (live) => canaryFigures(live, counts, rule),
    close: () => watch.stop(),
  };
}
