import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { Renderer, type RendererPoolOptions, type ServerPage, versions } from './renderer';
import type { ShopperRender } from '../renderer-sandbox/renderer-protocol';

/**
 * The renderers of the shell's server: one renderer process (renderer.ts) for the live remotes configuration. When the
 * configuration changes, a new renderer starts and warms up; the next requests wait for it (a short while), pages in
 * flight finish on the old one, which then ends: switching versions needs no restart, and memory stays that of one or
 * two renderers. A renderer that crashes or is stuck is logged and replaced; the pages it was rendering are rendered in
 * the browser.
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
    const current = this.#current();
    this.#follow(down, current);
    if (!this.#live && !this.#starting) return null;
    const starting = this.#starting;
    if (starting) {
      // A shell that has just started has nothing to render with yet: its first renderer is worth waiting for longer.
      const wait = this.#live ? (this.options.switchWaitMs ?? 3000) : FIRST_WORKER_WAIT_MS;
      if (await Promise.race([starting.ready, sleep(wait).then(() => false)])) this.#promote(starting);
    }
    const renderer = this.#live;
    // Only a renderer of the configuration served now renders. While the new one starts, or is replaced after a crash,
    // the browser renders the page with it: never the server with the releases just replaced (a switch takes effect on
    // the next page, always).
    if (!renderer || renderer.retiring || renderer.key !== current?.key) return null;
    return renderer.render(url, down, this.options.deadlineMs * 3 + 1000, shopper);
  }

  /** The configuration to render with now and its content as a key, or null for none. */
  #current(): { config: RemotesConfig; key: string } | null {
    const config = this.options.config();
    return config === null ? null : { config, key: JSON.stringify(config) };
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
  #follow(down: readonly RemoteName[] = [], current = this.#current()): void {
    if (this.#closed || Date.now() < this.#notBefore) return;
    if (current === null) {
      // Nothing to render with (a canary's pool once the canary has ended): pages in flight finish, then renderers end.
      this.#starting?.retire();
      this.#live?.retire();
      this.#starting = this.#live = undefined;
      return;
    }
    const target = this.#starting ?? this.#live;
    const changed = !target || target.key !== current.key;
    const live = this.#live;
    const retry =
      !this.#starting &&
      live !== undefined &&
      live.failedRemotes.some((name) => !down.includes(name)) &&
      Date.now() - live.startedAt > (this.options.retryFailedMs ?? 2000);
    if (!changed && !retry) return;
    this.#starting?.retire();
    const renderer = new Renderer(current.config, this.options, (exited, code, inFlight) => this.#exited(exited, code, inFlight));
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
