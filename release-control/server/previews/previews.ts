import { randomBytes } from 'node:crypto';
import { releaseVersionOf } from '@shop/contracts/operations';
import { PREVIEW_LINK_PREFIX, PREVIEW_TOKEN, type PreviewCreated, type PreviewRelease, type PreviewSummary } from '@shop/contracts/previews';
import { withRelease, type RemoteName, type RemotesConfig } from '@shop/contracts/remotes';
import { releaseIndexOf, type ReleaseDiscovery } from '../shared/release-discovery';
import { digest, newSecret } from '../shared/secrets';
import type { PreviewRecord, PreviewStore } from './preview-store';

/** A preview as a page is rendered with it: its releases over the live ones as they are now. */
export interface OpenPreview {
  id: string;
  releases: PreviewRelease[];
  expiresAt: string;
  config: RemotesConfig;
}

export interface PreviewsOptions {
  store: PreviewStore;
  live: { readonly current: RemotesConfig };
  /** The checks of a switch (release-checks.ts): why `entry` cannot be `remote`'s release; empty when it may. */
  refusals(remote: RemoteName, entry: string): Promise<string[]>;
  /** A remote's releases, beside its live one and in the release store (shared/release-discovery.ts). */
  discover: ReleaseDiscovery;
  publicUrl: string;
}

/**
 * The live configuration with the preview's releases in place of the live ones, and no canary: a preview shows
 * exactly its candidates over what shoppers get outside any canary.
 */
export function previewConfig(live: RemotesConfig, releases: readonly PreviewRelease[]): RemotesConfig {
  const { canary: _canary, ...config } = live;
  return releases.reduce<RemotesConfig>((next, release) => withRelease(next, release.remote, release.entry), config);
}

const summaryOf = ({ tokenHash: _token, ...summary }: PreviewRecord): PreviewSummary => summary;

/**
 * Release previews (decision 030): a private link to the real shop with candidate releases over the live ones. The
 * link's token is drawn here (256 bits) and shown once; only its digest is stored, so neither the store nor the console
 * list can open a preview.
 */
export class Previews {
  constructor(private readonly options: PreviewsOptions) {}

  /**
   * Why these releases cannot be previewed, one French sentence each: every check a switch runs, and the release must
   * be one listed by the `releases.json` beside it (or by the store's index of its remote): what a team publishes is
   * what gets previewed.
   */
  async refusals(releases: ReadonlyArray<{ remote: RemoteName; entry: string }>): Promise<string[]> {
    const reasons = await Promise.all(
      releases.map(async ({ remote, entry }) => {
        const label = `${remote} ${releaseVersionOf(entry)}`;
        const checks = await this.options.refusals(remote, entry);
        // A release from an origin that is not allowed was refused without fetching anything: nor is its listing read.
        if (checks.length > 0) return checks.map((why) => `${label} : ${why}`);
        // The index beside the candidate (its release server's, or the store's), and the store's index of the remote.
        const { releases: listed, error } = await this.options.discover(remote, entry);
        if (listed.some((release) => release.entry === entry)) return [];
        return [error ? `${label} : ${error}` : `${label} : cette version n’est pas listée par ${releaseIndexOf(entry)}.`];
      }),
    );
    return reasons.flat();
  }

  /** Records a preview of releases already checked, expiring in `seconds`; answers its link (shown once). */
  async create(releases: ReadonlyArray<{ remote: RemoteName; entry: string }>, seconds: number, createdBy: string): Promise<PreviewCreated> {
    const token = newSecret();
    const now = Date.now();
    const record: PreviewRecord = {
      id: randomBytes(8).toString('hex'),
      tokenHash: digest(token),
      releases: releases.map(({ remote, entry }) => ({ remote, entry, version: releaseVersionOf(entry) })),
      createdBy,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + seconds * 1000).toISOString(),
    };
    await this.options.store.save(record);
    return { preview: summaryOf(record), link: `${this.options.publicUrl}${PREVIEW_LINK_PREFIX}${token}` };
  }

  /** The preview a link's token opens now, or null: unknown, ended or expired (the browser sees the live shop). */
  async open(token: string): Promise<OpenPreview | null> {
    if (!PREVIEW_TOKEN.test(token)) return null;
    const record = await this.options.store.findByToken(digest(token));
    if (!record) return null;
    return { id: record.id, releases: record.releases, expiresAt: record.expiresAt, config: previewConfig(this.options.live.current, record.releases) };
  }

  /** Whether a preview is still open (the shell closes the renderer lane of one that is not). */
  async isOpen(id: string): Promise<boolean> {
    return (await this.options.store.find(id)) !== undefined;
  }

  async list(): Promise<PreviewSummary[]> {
    return (await this.options.store.list()).map(summaryOf);
  }

  async find(id: string): Promise<PreviewSummary | undefined> {
    const record = await this.options.store.find(id);
    return record && summaryOf(record);
  }

  end(id: string): Promise<boolean> {
    return this.options.store.remove(id);
  }
}
