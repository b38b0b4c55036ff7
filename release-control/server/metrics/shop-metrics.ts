import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemoteView } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';

/** What kind of answer a path gets: few values, so the series stay few (never the path itself). */
export type RouteKind = 'page' | 'api' | 'static' | 'remotes' | 'operations' | 'telemetry' | 'health' | 'seo';

export function routeKind(path: string): RouteKind {
  if (path === '/healthz') return 'health';
  if (path.startsWith('/api/') || path.startsWith('/images/')) return 'api';
  if (path.startsWith('/static/') || /\.(?:js|css|svg|png|ico|woff2?)$/.test(path)) return 'static';
  if (path === '/remotes.json' || path.startsWith('/remotes/')) return 'remotes';
  if (path === '/operations' || path.startsWith('/operations/')) return 'operations';
  if (path === '/telemetry' || path.startsWith('/telemetry/')) return 'telemetry';
  if (path === '/robots.txt' || path === '/sitemap.xml') return 'seo';
  return 'page';
}

/**
 * The shell's metrics for the operators' tools (decision 021), in one registry per server (prom-client): requests and
 * latency per route kind, server render durations per remote release, what browsers report per release, the canary's
 * state and share, the live revision, and Node's own (event loop, memory, GC). Served on an internal port only
 * (metrics/metrics-server.ts), never on the shop's.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly #requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered by the shell, by route kind and status class',
    labelNames: ['kind', 'status'] as const,
    registers: [this.registry],
  });
  readonly #latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by route kind',
    labelNames: ['kind'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly #renders = new Histogram({
    name: 'shop_server_render_duration_seconds',
    help: 'Server render time of pages composed with each remote release (null renders: left to the browser)',
    labelNames: ['remote', 'release', 'result'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 3],
    registers: [this.registry],
  });
  readonly #views = new Counter({
    name: 'shop_remote_views_total',
    help: 'Page views of each remote release reported by browsers, by outcome (rendered, load_failed, render_threw)',
    labelNames: ['remote', 'release', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(live: () => { revision: number; config: RemotesConfig }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'shop_shell_' });
    new Gauge({
      name: 'shop_canary_share_percent',
      help: 'Share of browsers served the canary candidate of a remote (absent without a canary)',
      labelNames: ['remote', 'release'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const canary = live().config.canary;
        if (canary) this.set({ remote: canary.name, release: releaseVersionOf(canary.entry) }, canary.share);
      },
    });
    new Gauge({
      name: 'shop_canary_running',
      help: '1 while a canary runs, else 0',
      registers: [this.registry],
      collect() {
        this.set(live().config.canary ? 1 : 0);
      },
    });
    new Gauge({
      name: 'shop_remotes_revision',
      help: 'The live remotes configuration revision this shell serves',
      registers: [this.registry],
      collect() {
        this.set(live().revision);
      },
    });
    new Gauge({
      name: 'shop_remote_release_info',
      help: 'The live release of each remote (value 1)',
      labelNames: ['remote', 'release'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const remote of live().config.remotes) this.set({ remote: remote.name, release: releaseVersionOf(remote.entry) }, 1);
      },
    });
  }

  /** Counts and times every request by its route kind. */
  requests(): Middleware {
    return async (ctx, next) => {
      const end = this.#latency.startTimer({ kind: routeKind(ctx.path) });
      try {
        await next();
      } finally {
        end();
        this.#requests.inc({ kind: routeKind(ctx.path), status: `${Math.floor(ctx.status / 100)}xx` });
      }
    };
  }

  /** A server render of a page composed with `config`'s releases (`rendered`: false when the browser got the page to render). */
  serverRender(config: RemotesConfig, seconds: number, rendered: boolean): void {
    for (const remote of config.remotes) {
      this.#renders.observe({ remote: remote.name, release: releaseVersionOf(remote.entry), result: rendered ? 'rendered' : 'browser' }, seconds);
    }
  }

  /** What browsers reported, as counted by the telemetry endpoint. */
  remoteViews(views: readonly RemoteView[]): void {
    for (const view of views) this.#views.inc({ remote: view.remote, release: view.version, outcome: view.outcome });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
