import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { remoteOf } from '@shop/contracts/exposes';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { versionOfEntry } from '../../src/remotes/remotes-config';
import { connectRenderer, launchRenderer, type LaunchedRenderer } from './renderer-launch';
import { lineChannel, type Channel } from './renderer-channel';
import { singleFlight } from './single-flight';
import type { RenderedPage, RendererMessage, RendererSetup, RenderRequest, ShellMessage, ShopperRender } from './renderer-protocol';

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

export interface RendererPoolOptions extends Omit<RendererSetup, 'remotes'> {
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

const versions = (config: RemotesConfig) =>
  Object.fromEntries(config.remotes.map(({ name, entry }) => [name, versionOfEntry(entry)]));

/** A renderer silent this long (no beat, no answer) is stuck, e.g. a release's code in an endless loop: it is killed. */
const STUCK_MS = 5000;
/** What a renderer may print per second into the shell's log (the remotes' console output); the rest is dropped. */
const OUTPUT_LINES_PER_SECOND = 20;

/** One renderer process and the pages it is rendering. */
class Renderer {
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

  constructor(
    readonly config: RemotesConfig,
    options: RendererPoolOptions,
    onExit: (renderer: Renderer, code: number | null, inFlight: string[]) => void,
  ) {
    this.key = JSON.stringify(config);
    this.launched = options.rendererSocket ? connectRenderer(options.rendererSocket) : launchRenderer(dirname(options.bundlePath));
    const fields = { renderer: this.launched.pid ?? options.rendererSocket, versions: versions(config) };
    this.#relayOutput(options.log, fields);
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
    this.channel.send({
      type: 'setup',
      setup: { remotes: config, bundlePath: options.bundlePath, apiOrigin: options.apiOrigin, deadlineMs: options.deadlineMs, loadTimeoutMs: options.loadTimeoutMs },
    });
    const watchdog = setInterval(() => {
      if (Date.now() - this.#heardAt < STUCK_MS) return;
      options.log.error({ ...fields, silentMs: Date.now() - this.#heardAt, pages: [...this.#pending.values()].map((p) => p.url) }, 'renderer stuck: killing it');
      this.launched.kill();
    }, 1000);
    watchdog.unref();
    this.launched.onExit((code) => {
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
        options.log[level]({ renderer: this.launched.pid ?? options.rendererSocket, versions: versions(this.config), ms: message.ms, failed: message.failed }, 'renderer ready');
        settle(true);
        return;
      }
      case 'refused':
        for (const { remote, access, count } of message.accesses) {
          const entry = this.config.remotes.find((r) => r.name === remote);
          const event: RefusedAccessEvent = { remote: entry?.name ?? null, version: entry ? versionOfEntry(entry.entry) : null, access, count };
          options.log.warn(
            { ...event, ...(entry ? {} : { versions: versions(this.config) }) },
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
          options.log.error({ url: waiting.url, versions: versions(this.config), reason: message.message }, 'server render failed: the browser renders the page');
        }
        waiting.done(message.type === 'rendered' ? message : null);
        this.#retireIfDone();
      }
    }
  }

  /** The remotes' console output goes to the shell's log, at a bounded rate: a release cannot flood it. */
  #relayOutput(log: RendererLog, fields: object): void {
    let second = 0;
    let lines = 0;
    for (const stream of this.launched.output) {
      createInterface({ input: stream }).on('line', (line) => {
        const now = Math.floor(Date.now() / 1000);
        if (now !== second) [second, lines] = [now, 0];
        if (++lines > OUTPUT_LINES_PER_SECOND) return;
        log.info({ ...fields, output: line.slice(0, 2000) }, 'renderer output');
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
    return this.#shared(`${[...down].sort().join(',')} ${url}`, () => this.#renderOnce(url, [...down], timeoutMs));
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
      this.channel.send({ type: 'render', id, url, down, ...(shopper ? { shopper } : {}) } satisfies RenderRequest);
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

/**
 * The renderers of the shell's server: one renderer process for the live remotes configuration. When the configuration changes,
 * a new renderer starts and warms up; the next requests wait for it (a short while), pages in flight finish on the old
 * one, which is then terminated: switching versions needs no restart, and memory stays that of one or two renderers.
 * A renderer that crashes is logged and replaced; the pages it was rendering are rendered in the browser.
 */
export class RendererPool {
  #live: Renderer | undefined;
  #starting: Renderer | undefined;
  #restartDelayMs = 500;
  #notBefore = 0;
  #closed = false;

  constructor(private readonly options: RendererPoolOptions) {}

  /** Starts the first renderer and resolves once it is ready (or could not start). */
  async start(): Promise<void> {
    this.#follow();
    await this.#starting?.ready;
  }

  /** The page rendered from the releases remotes.json names now, or null: the browser then renders it, as before. */
  async render(url: string, down: RemoteName[], shopper?: ShopperRender): Promise<ServerPage | null> {
    this.#follow(down);
    if (!this.#live && !this.#starting) return null;
    const starting = this.#starting;
    if (starting) {
      // A shell that has just started has nothing to render with yet: its first renderer is worth waiting for longer.
      const wait = this.#live ? (this.options.switchWaitMs ?? 3000) : FIRST_WORKER_WAIT_MS;
      const waited = await Promise.race([starting.ready, sleep(wait).then(() => false)]);
      if (waited) this.#promote(starting);
      // A new configuration whose renderer is not ready yet: the browser renders this page with it, rather than the
      // server rendering the releases that were just replaced (a switch takes effect on the next page, always).
      else if (this.#live && this.#live.key !== starting.key) return null;
    }
    const renderer = this.#live;
    if (!renderer || renderer.retiring) return null;
    return renderer.render(url, down, this.options.deadlineMs * 3 + 1000, shopper);
  }

  /** Follows the configuration without rendering: a pool whose configuration has gone retires its renderers. */
  refresh(): void {
    this.#follow();
  }

  close(): Promise<unknown> {
    this.#closed = true;
    for (const renderer of [this.#live, this.#starting]) renderer?.launched.kill();
    return Promise.resolve();
  }

  /**
   * Starts a renderer for a configuration that differs from the live one, or to replace a live one that could not load
   * a remote which answers again (`down`: the remotes whose host does not answer now).
   */
  #follow(down: readonly RemoteName[] = []): void {
    if (this.#closed || Date.now() < this.#notBefore) return;
    const config = this.options.config();
    if (config === null) {
      // Nothing to render with (a canary's pool once the canary has ended): pages in flight finish, then renderers end.
      this.#starting?.retire();
      this.#live?.retire();
      this.#starting = this.#live = undefined;
      return;
    }
    const target = this.#starting ?? this.#live;
    const changed = !target || target.key !== JSON.stringify(config);
    const live = this.#live;
    const retry =
      !this.#starting &&
      live !== undefined &&
      live.failedRemotes.some((name) => !down.includes(name)) &&
      Date.now() - live.startedAt > (this.options.retryFailedMs ?? 2000);
    if (!changed && !retry) return;
    this.#starting?.retire();
    const renderer = new Renderer(config, this.options, (exited, code, inFlight) => this.#exited(exited, code, inFlight));
    this.#starting = renderer;
    void renderer.ready.then((ok) => {
      if (ok && this.#starting === renderer) this.#promote(renderer);
    });
  }

  #promote(renderer: Renderer): void {
    if (this.#live === renderer) return;
    this.#live?.retire();
    this.#live = renderer;
    if (this.#starting === renderer) this.#starting = undefined;
    this.#restartDelayMs = 500;
  }

  #exited(renderer: Renderer, code: number | null, inFlight: string[]): void {
    if (renderer.retiring || this.#closed) return;
    if (this.#starting === renderer) this.#starting = undefined;
    if (this.#live === renderer) this.#live = undefined;
    this.options.log.error({ versions: versions(renderer.config), code, pages: inFlight }, 'renderer exited: replacing it');
    const delay = this.#restartDelayMs;
    this.#restartDelayMs = Math.min(delay * 2, 10_000);
    this.#notBefore = Date.now() + delay;
    setTimeout(() => this.#follow(), delay).unref();
  }
}

/** How long requests wait for the first renderer of a shell that has just started (loading every module takes ~1 s). */
const FIRST_WORKER_WAIT_MS = 20_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
