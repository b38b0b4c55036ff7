import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import type { RendererPoolOptions, ServerPage } from './renderer';
import { RendererPool } from './renderer-pool';
import type { ShopperRender } from '../renderer-sandbox/renderer-protocol';

/** A preview as a page is rendered with it: its id and its configuration now (release control's OpenPreview). */
export interface PreviewToRender {
  id: string;
  config: RemotesConfig;
}

interface Lane {
  pool: RendererPool;
  config: RemotesConfig;
}

/**
 * Renderer lanes of release previews (decision 030): each open preview that is being looked at renders in a pool of
 * its own (decision 017: one configuration per renderer; a preview never shares a process with the live releases or
 * a canary's). At most `max` lanes are alive: opening another closes the least recently used one (its next page starts
 * it again). A lane is closed as soon as its preview is known to have ended (`sweep`).
 */
export class PreviewLanes {
  // A Map keeps insertion order: the first key is the least recently used lane.
  readonly #lanes = new Map<string, Lane>();

  constructor(
    private readonly max: number,
    private readonly options: Omit<RendererPoolOptions, 'config'>,
  ) {}

  render(preview: PreviewToRender, url: string, down: RemoteName[], shopper?: ShopperRender): Promise<ServerPage | null> {
    // A lane's pool renders with the configuration its entry holds now, and with none once the lane is gone.
    const pool = this.#lanes.get(preview.id)?.pool ?? new RendererPool({ ...this.options, config: () => this.#lanes.get(preview.id)?.config ?? null });
    // Last in the map: the most recently used. The live releases a preview stands on may have moved since its last
    // page: the pool follows (a new renderer, as at a switch).
    this.#lanes.delete(preview.id);
    this.#lanes.set(preview.id, { pool, config: preview.config });
    for (const [id] of this.#lanes) {
      if (this.#lanes.size <= this.max) break;
      this.close(id);
    }
    return pool.render(url, down, shopper);
  }

  /** The previews that have a lane now, least recently used first. */
  get open(): string[] {
    return [...this.#lanes.keys()];
  }

  /** Closes the lane of a preview (it ended, or room is needed): its renderer processes end. */
  close(id: string): void {
    const lane = this.#lanes.get(id);
    if (!lane) return;
    this.#lanes.delete(id);
    void lane.pool.close();
  }

  /** Closes the lanes of previews that are no longer open (revoked or expired, maybe on another shell). */
  async sweep(isOpen: (id: string) => Promise<boolean>): Promise<void> {
    for (const id of this.open) if (!(await isOpen(id).catch(() => true))) this.close(id);
  }

  closeAll(): void {
    for (const id of this.open) this.close(id);
  }
}
