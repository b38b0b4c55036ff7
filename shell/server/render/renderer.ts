import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { context, propagation, trace } from '@opentelemetry/api';
import { SHOP_ATTRIBUTES } from '@shop/server-kit/tracing/shop-spans';
import { remoteOf } from '@shop/contracts/exposes';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { releaseVersionOf } from '@shop/contracts/operations';
import { connectRenderer, launchRenderer, type LaunchedRenderer } from './renderer-launch';
import { lineChannel, type Channel } from '../renderer-sandbox/renderer-channel';
import type { ReleaseFiles } from './release-files';
import { singleFlight } from './single-flight';
import type { RenderedPage, RendererMessage, RendererSetup, RenderRequest, ShellMessage, ShopperRender } from '../renderer-sandbox/renderer-protocol';

export interface RendererLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** An access the platform refused a release's code, with the release it came from (null: none on the stack). */
export interface RefusedAccessEvent {
  remote: RemoteName | null;
  version: string | null;
  access: string;
  count: number;
}

export interface RendererPoolOptions extends Omit<RendererSetup, 'remotes' | 'files'> {
  /** The verified files of a configuration's releases, which a renderer is handed (decision 032). */
  releaseFiles: Pick<ReleaseFiles, 'filesFor'>;
  /** The configuration this pool renders with now (remotes.json as the shell has accepted it), or null for none. */
  config: () => RemotesConfig | null;
  log: RendererLog;
  /**
   * Where a host starts renderers as another user, one per connection (deploy/'s socket-activated unit); unset, this
   * process starts them as its children.
   */
  rendererSocket?: string | undefined;
  /** Told of every access a renderer was refused (logged here already), for the operators' console. */
  onRefused?: (event: RefusedAccessEvent) => void;
  /** How long a request waits for the renderer of a configuration that has just changed, before it takes the old one. */
  switchWaitMs?: number;
  /** A renderer that could not load a remote is replaced once that remote answers again, at most this often. */
  retryFailedMs?: number;
}

/** A rendered page with the configuration it was rendered with (the page carries it to the browser). */
export type ServerPage = RenderedPage & { config: RemotesConfig };

export const versions = (config: RemotesConfig) =>
  Object.fromEntries(config.remotes.map(({ name, entry }) => [name, releaseVersionOf(entry)]));

/** A renderer silent this long (no beat, no answer) is stuck, e.g. a release's code in an endless loop: it is killed. */
const STUCK_MS = 5000;
/** What a renderer may print per second into the shell's log (the remotes' console output); the rest is dropped. */
const OUTPUT_LINES_PER_SECOND = 20;

/** One renderer process and the pages it is rendering. */
export class Renderer {
  readonly launched: LaunchedRenderer;
  readonly channel: Channel<ShellMessage>;
  /** The configuration's content, to tell a new configuration from the same one in a new object. */
  readonly key: string;
  readonly ready: Promise<boolean>;
  readonly startedAt = Date.now();
  /** Remotes some of whose modules this renderer could not load (their slots render fallbacks). */
  failedRemotes: RemoteName[] = [];
  #next = 1;
  #pending = new Map<number, { url: string; done: (page: RenderedPage | null) => void }>();
  #retiring = false;
  #shared = singleFlight<ServerPage | null>();
  #heardAt = Date.now();
  /** Who this renderer is in every log line: its process (or socket) and the releases it holds. */
  readonly #fields: { renderer: number | string | undefined; versions: Record<string, string> };

  constructor(
    readonly config: RemotesConfig,
    options: RendererPoolOptions,
    onExit: (renderer: Renderer, code: number | null, inFlight: string[]) => void,
  ) {
    this.key = JSON.stringify(config);
    this.launched = options.rendererSocket ? connectRenderer(options.rendererSocket) : launchRenderer(dirname(options.bundlePath));
    this.#fields = { renderer: this.launched.pid ?? options.rendererSocket, versions: versions(config) };
    this.#relayOutput(options.log);
    let settle: (ok: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => (settle = resolve));
    this.channel = lineChannel<RendererMessage, ShellMessage>(
      this.launched.stream,
      (message) => {
        this.#heardAt = Date.now();
        this.#received(message, options, settle);
      },
      () => undefined,
    );
    // Pages asked for meanwhile wait in the renderer for its setup: the releases' files, verified, come first.
    void options.releaseFiles.filesFor(config).then((files) =>
      this.channel.send({
        type: 'setup',
        setup: {
          remotes: config,
          bundlePath: options.bundlePath,
          apiOrigin: options.apiOrigin,
          deadlineMs: options.deadlineMs,
          loadTimeoutMs: options.loadTimeoutMs,
          files,
          tracing: options.tracing,
        },
      }),
    );
    const watchdog = setInterval(() => {
      if (Date.now() - this.#heardAt < STUCK_MS) return;
      options.log.error({ ...this.#fields, silentMs: Date.now() - this.#heardAt, pages: [...this.#pending.values()].map((p) => p.url) }, 'renderer stuck: killing it');
      this.launched.kill();
    }, 1000);
    watchdog.unref();
    void this.launched.exited.then((code) => {
      clearInterval(watchdog);
      settle(false);
      this.channel.close();
      const inFlight = [...this.#pending.values()];
      this.#pending.clear();
      for (const page of inFlight) page.done(null);
      onExit(this, code, inFlight.map((p) => p.url));
    });
  }

  #received(message: RendererMessage, options: RendererPoolOptions, settle: (ok: boolean) => void): void {
    switch (message.type) {
      case 'alive':
        return;
      case 'ready': {
        this.failedRemotes = [...new Set(message.failed.map((failure) => remoteOf(failure.id)))];
        const level = message.failed.length > 0 ? 'warn' : 'info';
        options.log[level]({ ...this.#fields, ms: message.ms, failed: message.failed }, 'renderer ready');
        settle(true);
        return;
      }
      case 'refused':
        for (const { remote, access, count } of message.accesses) {
          const entry = this.config.remotes.find((r) => r.name === remote);
          const event: RefusedAccessEvent = { remote: entry?.name ?? null, version: entry ? releaseVersionOf(entry.entry) : null, access, count };
          options.log.warn(
            { ...event, ...(entry ? {} : { versions: this.#fields.versions }) },
            'renderer refused an access: a release tried to reach beyond the page it renders',
          );
          options.onRefused?.(event);
        }
        return;
      default: {
        const waiting = this.#pending.get(message.id);
        if (!waiting) return;
        this.#pending.delete(message.id);
        if (message.type === 'failed') {
          options.log.error({ url: waiting.url, versions: this.#fields.versions, reason: message.message }, 'server render failed: the browser renders the page');
        }
        waiting.done(message.type === 'rendered' ? message : null);
        this.#retireIfDone();
      }
    }
  }

  /** The remotes' console output goes to the shell's log, at a bounded rate: a release cannot flood it. */
  #relayOutput(log: RendererLog): void {
    let second = 0;
    let lines = 0;
    for (const stream of this.launched.output) {
      createInterface({ input: stream }).on('line', (line) => {
        const now = Math.floor(Date.now() / 1000);
        if (now !== second) [second, lines] = [now, 0];
        if (++lines > OUTPUT_LINES_PER_SECOND) return;
        log.info({ ...this.#fields, output: line.slice(0, 2000) }, 'renderer output');
      });
    }
  }

  get retiring(): boolean {
    return this.#retiring;
  }

  /**
   * The page for this URL: a request that arrives while the same page is being rendered by this renderer (same
   * configuration, same remotes down) shares that render. The page holds no shopper's data (the cart is read in the
   * browser), so it is the same answer, and a burst of shoppers on one listing costs one render, not one each.
   */
  render(url: string, down: readonly RemoteName[], timeoutMs: number, shopper?: ShopperRender): Promise<ServerPage | null> {
    // A page for one shopper is theirs alone: never shared with another request.
    if (shopper) return this.#renderOnce(url, [...down], timeoutMs, shopper);
    let joined = true;
    const page = this.#shared(`${[...down].sort().join(',')} ${url}`, () => {
      joined = false;
      return this.#renderOnce(url, [...down], timeoutMs);
    });
    // The renderer's spans of a shared render are in the trace of the request that started it.
    if (joined) trace.getActiveSpan()?.setAttribute(SHOP_ATTRIBUTES.renderShared, true);
    return page;
  }

  #renderOnce(url: string, down: RemoteName[], timeoutMs: number, shopper?: ShopperRender): Promise<ServerPage | null> {
    const id = this.#next++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (this.#pending.delete(id)) resolve(null);
        this.#retireIfDone();
      }, timeoutMs);
      this.#pending.set(id, {
        url,
        done: (page) => {
          clearTimeout(timer);
          resolve(page ? { ...page, config: this.config } : null);
        },
      });
      // The renderer's page span is the child of the one waiting here, across the channel (W3C trace context).
      const traceContext: Record<string, string> = {};
      propagation.inject(context.active(), traceContext);
      const traced = Object.keys(traceContext).length > 0 ? { trace: traceContext } : {};
      this.channel.send({ type: 'render', id, url, down, ...(shopper ? { shopper } : {}), ...traced } satisfies RenderRequest);
    });
  }

  /** No new pages; the process ends once the pages it is rendering are sent. */
  retire(): void {
    this.#retiring = true;
    this.#retireIfDone();
  }

  #retireIfDone(): void {
    if (this.#retiring && this.#pending.size === 0) this.launched.kill();
  }
}
