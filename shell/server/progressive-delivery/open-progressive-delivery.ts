import type { Redis } from 'ioredis';
import type { Middleware } from 'koa';
import type { CanaryFigures, RemoteView } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';
import type { ProgressiveDeliveryConfig } from '../config';
import type { RevisionStore } from '../operations/live-config/revision-store';
import { canaryFigures, CanaryWatch, type CanaryWatchOptions } from './canary-watch';
import { MemoryReleaseCounts, RedisReleaseCounts, type ReleaseCounts } from './release-counts';
import { telemetryEndpoint, type TelemetryOptions } from './telemetry-endpoint';

export interface ProgressiveDelivery {
  counts: ReleaseCounts;
  watch: CanaryWatch;
  /** `POST /telemetry`. */
  telemetry: Middleware;
  figures(config: RemotesConfig): Promise<CanaryFigures | null>;
  close(): void;
}

export interface ProgressiveDeliveryOptions {
  store: RevisionStore;
  /** Shared with every shell when there is one; else this shell counts alone, in memory. */
  redis: { client: Redis; prefix: string } | undefined;
  config: ProgressiveDeliveryConfig;
  log: CanaryWatchOptions['log'];
  limits?: TelemetryOptions['limits'];
  onCounted?: (views: readonly RemoteView[]) => void;
}

/** Telemetry from browsers, its counts, and the watch that aborts a failing canary (decision 021). */
export function openProgressiveDelivery(options: ProgressiveDeliveryOptions): ProgressiveDelivery {
  const { store, redis, config, log } = options;
  const { rule } = config;
  const counts = redis ? new RedisReleaseCounts(redis.client, redis.prefix, rule.windowMinutes) : new MemoryReleaseCounts(rule.windowMinutes);
  const watch = new CanaryWatch({ store, counts, rule, intervalMs: config.checkIntervalMs, log });
  const telemetry = telemetryEndpoint({
    counts,
    config: () => store.live.config,
    redis,
    log,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.onCounted ? { onCounted: options.onCounted } : {}),
  });
  return {
    counts,
    watch,
    telemetry,
    figures: (live) => canaryFigures(live, counts, rule),
    close: () => watch.stop(),
  };
}
