import { OPERATIONS_MESSAGES, type Release, type ReleaseListing } from '@shop/contracts/operations';
import { releaseUrlProblem } from '@shop/contracts/release-url';
import type { RemoteName } from '@shop/contracts/remotes';

export type OfferedRelease = Release & { entry: string };

export interface OfferedReleases {
  /** Newest build first, one per manifest URL. */
  releases: OfferedRelease[];
  /** Why an index could not be read, one French sentence each, joined; the other index's releases still list. */
  error?: string;
}

/** Where a remote's releases are discovered, and what may be kept of them. */
export interface ReleaseSources {
  /** RELEASES_PUBLIC_URL: the store's indexes are `<storeUrl>/<remote>/releases.json`. */
  storeUrl: string | undefined;
  /** ALLOWED_RELEASE_ORIGINS (or their default): a release elsewhere is not offered. */
  allowedOrigins: readonly string[];
  timeoutMs?: number;
}

/**
 * A remote's releases: those of the index beside `entry` (its live release for the console, a candidate for a
 * preview) and of the store's index of `remote` (release-routes, previews, the console's state).
 */
export type ReleaseDiscovery = (remote: RemoteName, entry: string) => Promise<OfferedReleases>;

/**
 * The index beside a release's version folder: `…/1.0.1/mf-manifest.json` → `…/releases.json`. The same URL for a
 * release server (its `/releases.json`) and for the store (`<RELEASES_PUBLIC_URL>/<remote>/releases.json`).
 */
export const releaseIndexOf = (entry: string): string => new URL('../releases.json', entry).href;

/** The store's index of `remote`'s releases, `<storeUrl>/<remote>/releases.json` (with or without its trailing slash). */
export const storeIndexOf = (storeUrl: string, remote: RemoteName): string => new URL(`${remote}/releases.json`, storeUrl.endsWith('/') ? storeUrl : `${storeUrl}/`).href;

/**
 * A remote's releases: those the index beside its live release offers, merged with the store's index of that remote
 * when RELEASES_PUBLIC_URL is set (so a team's first release in the store shows while its live one is still served
 * from a folder). Only well-formed releases inside their index's folder and on an allowed origin are kept.
 */
export function releaseDiscovery(sources: ReleaseSources): ReleaseDiscovery {
  return async (remote, entry) => {
    const liveIndex = releaseIndexOf(entry);
    const storeIndex = sources.storeUrl ? storeIndexOf(sources.storeUrl, remote) : undefined;
    const reads = [readIndex(liveIndex, { inStore: liveIndex === storeIndex, optional: false }, sources)];
    if (storeIndex && storeIndex !== liveIndex) reads.push(readIndex(storeIndex, { inStore: true, optional: true }, sources));
    const listings = await Promise.all(reads);
    const releases = new Map<string, OfferedRelease>();
    for (const release of listings.flatMap((listing) => listing.releases)) if (!releases.has(release.entry)) releases.set(release.entry, release);
    const errors = listings.flatMap((listing) => (listing.error ? [listing.error] : []));
    return { releases: [...releases.values()].sort(newestBuildFirst), ...(errors.length ? { error: errors.join(' ') } : {}) };
  };
}

const builtMs = (release: Release) => Date.parse(release.builtAt) || 0;
const newestBuildFirst = (a: Release, b: Release) => builtMs(b) - builtMs(a);

/**
 * One index's releases, with absolute manifest URLs. The store's index of a remote that has published nothing there yet
 * is a 404 (`optional`): no releases, no error. One that does not answer, or answers 5xx, is the store unreachable.
 */
async function readIndex(index: string, how: { inStore: boolean; optional: boolean }, sources: ReleaseSources): Promise<OfferedReleases> {
  const timeoutMs = sources.timeoutMs ?? 2000;
  const folder = new URL('./', index).href;
  try {
    const response = await fetch(index, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error', headers: { Accept: 'application/json' } });
    if (how.optional && response.status === 404) return { releases: [] };
    if (how.inStore && response.status >= 500) return { releases: [], error: OPERATIONS_MESSAGES.releaseStoreUnreachable(index, `il répond HTTP ${response.status}`) };
    if (!response.ok) return { releases: [], error: `La liste des versions (${index}) répond HTTP ${response.status}.` };
    const body = (await response.json()) as Partial<ReleaseListing>;
    const releases = (Array.isArray(body?.releases) ? body.releases : []).flatMap((release): OfferedRelease[] => {
      if (typeof release?.version !== 'string' || typeof release.manifest !== 'string' || typeof release.builtAt !== 'string') return [];
      const entry = URL.canParse(release.manifest, index) ? new URL(release.manifest, index).href : '';
      if (releaseUrlProblem(entry) || !entry.startsWith(folder) || !sources.allowedOrigins.includes(new URL(entry).origin)) return [];
      return [{ version: release.version.slice(0, 100), manifest: release.manifest, builtAt: release.builtAt, entry }];
    });
    return { releases };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'SyntaxError') return { releases: [], error: `La liste des versions (${index}) est illisible : ce n’est pas du JSON valide.` };
    const reason = name === 'TimeoutError' ? `pas de réponse en ${(timeoutMs / 1000).toLocaleString('fr-FR')} s` : networkFailure(error as Error);
    if (how.inStore) return { releases: [], error: OPERATIONS_MESSAGES.releaseStoreUnreachable(index, reason) };
    return { releases: [], error: `La liste des versions (${index}) est illisible : ${reason}.` };
  }
}

/** fetch's own message is only "fetch failed": the cause says what happened (`connect ECONNREFUSED 127.0.0.1:9`). */
function networkFailure(error: Error): string {
  const cause = (error as Error & { cause?: { message?: unknown } }).cause;
  return typeof cause?.message === 'string' && cause.message ? cause.message : error.message;
}
