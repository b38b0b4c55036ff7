import {
  MAX_VIEWS_PER_BEACON,
  TELEMETRY_PATH,
  TELEMETRY_SAMPLE_META,
  TRACE_META,
  TRACEPARENT,
  VIEW_TOKEN_PATH,
  worseOutcome,
  type RemoteView,
  type TelemetryBeacon,
  type ViewOutcome,
} from '@shop/contracts/progressive-delivery';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';

/** A view's report leaves this long after its last part settled (parts settle within a second or two of each other). */
const SETTLE_MS = 1000;

interface Settings {
  versions: Partial<Record<RemoteName, string>>;
  /**
   * Asks the server for this browser's view token (VIEW_TOKEN_PATH, decision 025), without which a report is not
   * counted: once, when the first sampled view has settled.
   */
  fetchToken: () => Promise<string | null>;
  sampleRate: number;
  send: (body: string) => void;
  random: () => number;
  path: () => string;
  /** The server trace of the page load (TRACE_META) and its path: sent with that path's first view only. */
  trace: { traceparent: string; path: string } | null;
}

/**
 * What this browser saw of each remote release, one page view at a time (decision 021): for each remote whose parts
 * a page showed, whether they rendered, failed to load or threw while rendering (the worst of its parts), sent to the
 * shop's server with `navigator.sendBeacon` once the page has settled, or when the page is hidden or left. Nothing
 * about the shopper: the remote, its version, the outcome. A view belongs to a path: a report for another path starts
 * the next view (a part that stays on screen across pages, like the header, reports once).
 */
export class PageViewTelemetry {
  #settings: Settings | null = null;
  #path = '';
  #sampled = false;
  #view = new Map<RemoteName, RemoteView>();
  #reported = new Set<RemoteName>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The browser's view token once asked for (at the first sampled view's settling), and as it came. */
  #asked: Promise<unknown> | undefined;
  #token: string | null = null;

  /** Starts reporting with the releases this browser loads. Without it (the dev server, the server's render) nothing is sent. */
  configure(config: RemotesConfig, sampleRate: number, overrides: Partial<Settings> = {}): void {
    this.#settings = {
      versions: Object.fromEntries(config.remotes.map((remote) => [remote.name, releaseVersionOf(remote.entry)])),
      fetchToken: () =>
        fetch(VIEW_TOKEN_PATH)
          .then((response) => response.json())
          .then((body: { token?: string | null }) => body.token ?? null),
      sampleRate,
      send: (body) => navigator.sendBeacon(TELEMETRY_PATH, new Blob([body], { type: 'application/json' })),
      random: Math.random,
      path: () => window.location.pathname,
      trace: null,
      ...overrides,
    };
  }

  report(remote: RemoteName, outcome: ViewOutcome): void {
    const settings = this.#settings;
    if (!settings) return;
    const path = settings.path();
    if (path !== this.#path) {
      this.flush();
      this.#path = path;
      this.#sampled = settings.random() < settings.sampleRate;
      this.#reported.clear();
    }
    const version = settings.versions[remote];
    // Once a remote's view has been sent, it is not counted twice for the same page.
    if (!this.#sampled || !version || this.#reported.has(remote)) return;
    const before = this.#view.get(remote);
    this.#view.set(remote, { remote, version, outcome: before ? worseOutcome(before.outcome, outcome) : outcome });
    // The view goes once its parts have settled and the token has come: asked for then, off the page's first load.
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#asked ??= settings.fetchToken().then((token) => (this.#token = token), () => null);
      void this.#asked.then(() => this.flush());
    }, SETTLE_MS);
  }

  /** Sends what is pending now (the page is hidden, left, or another view starts): without a token yet, it is dropped. */
  flush(): void {
    clearTimeout(this.#timer);
    if (!this.#settings || !this.#token || this.#view.size === 0) {
      this.#view.clear();
      return;
    }
    const views = [...this.#view.values()].slice(0, MAX_VIEWS_PER_BEACON);
    for (const view of views) this.#reported.add(view.remote);
    this.#view.clear();
    const trace = this.#settings.trace;
    const traced = trace?.path === this.#path ? { traceparent: trace.traceparent } : {};
    // The page load's trace goes with its first report only: in-app navigations after it were not rendered there.
    this.#settings.trace = null;
    try {
      this.#settings.send(JSON.stringify({ token: this.#token, views, ...traced } satisfies TelemetryBeacon));
    } catch {
      // Telemetry never troubles the shopper.
    }
  }
}

/** The browser's one collector. */
export const pageViewTelemetry = new PageViewTelemetry();

/**
 * Reads the server's sample rate and the page's server trace, and sends pending reports when the page is hidden or
 * left. The view token is asked for once a view is sampled. A page without the rate (the dev server) reports nothing.
 */
export function startPageViewTelemetry(config: RemotesConfig): void {
  const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
  const content = meta(TELEMETRY_SAMPLE_META);
  const rate = content === null ? NaN : Number(content);
  if (!(rate >= 0 && rate <= 1) || typeof navigator.sendBeacon !== 'function') return;
  const traceparent = meta(TRACE_META);
  const trace = traceparent && TRACEPARENT.test(traceparent) ? { traceparent, path: window.location.pathname } : null;
  pageViewTelemetry.configure(config, rate, { trace });
  addEventListener('pagehide', () => pageViewTelemetry.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') pageViewTelemetry.flush();
  });
}
