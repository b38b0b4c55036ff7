import { candidateConfig, configForBucket } from '@shop/contracts/progressive-delivery';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import type { RendererPoolOptions, ServerPage } from './renderer';
import { RendererPool } from './renderer-pool';
import type { ShopperRender } from '../renderer-sandbox/renderer-protocol';
import { PreviewLanes, type PreviewToRender } from './preview-lanes';

/**
 * Server rendering while a canary runs (decision 021): two pools of renderer processes, one for the live releases and one for
 * the candidate's configuration, so each browser's page is rendered with exactly the releases its bucket gets, and
 * neither configuration shares a process with the other (decision 017: one configuration per renderer). Without a
 * canary the candidate's pool has no renderer. Release previews render in lanes of their own (preview-lanes.ts).
 */
export class ReleaseLanes {
  readonly #live: RendererPool;
  readonly #candidate: RendererPool;
  readonly previews: PreviewLanes;

  constructor(
    private readonly config: () => RemotesConfig,
    options: Omit<RendererPoolOptions, 'config'>,
    /** How many previews may have a renderer at once (PREVIEW_RENDERERS). */
    previewLanes = 2,
  ) {
    this.#live = new RendererPool({ ...options, config: () => configForBucket(config(), null) });
    this.#candidate = new RendererPool({ ...options, config: () => candidateConfig(config()) });
    this.previews = new PreviewLanes(previewLanes, options);
  }

  start(): Promise<void> {
    this.#candidate.refresh();
    return this.#live.start();
  }

  /** The page rendered with `served` (the configuration of the shopper's bucket), or null: the browser renders it. */
  render(url: string, down: RemoteName[], served: RemotesConfig, shopper?: ShopperRender, preview?: PreviewToRender): Promise<ServerPage | null> {
    if (preview) return this.previews.render(preview, url, down, shopper);
    const candidate = candidateConfig(this.config());
    const toCandidate = candidate !== null && JSON.stringify(candidate) === JSON.stringify(served);
    (toCandidate ? this.#live : this.#candidate).refresh();
    return (toCandidate ? this.#candidate : this.#live).render(url, down, shopper);
  }

  close(): Promise<unknown> {
    this.previews.closeAll();
    return Promise.all([this.#live.close(), this.#candidate.close()]);
  }
}
