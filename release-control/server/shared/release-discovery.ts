import type { Release, ReleaseListing } from '@shop/contracts/operations';
import { releaseUrlProblem } from '@shop/contracts/release-url';

export type OfferedRelease = Release & { entry: string };

/**
 * The releases the server of `liveEntry` offers (its `/releases.json`, server-kit's release server), with absolute
 * manifest URLs; only well-formed ones on that same server are kept.
 */
export async function offeredReleases(liveEntry: string, timeoutMs = 2000): Promise<{ releases: OfferedRelease[]; error?: string }> {
  const listing = new URL('/releases.json', liveEntry);
  try {
    const response = await fetch(listing, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error', headers: { Accept: 'application/json' } });
    if (!response.ok) return { releases: [], error: `La liste des versions (${listing.href}) répond HTTP ${response.status}.` };
    const body = (await response.json()) as Partial<ReleaseListing>;
    const releases = (Array.isArray(body.releases) ? body.releases : []).flatMap((release): OfferedRelease[] => {
      if (typeof release?.version !== 'string' || typeof release.manifest !== 'string' || typeof release.builtAt !== 'string') return [];
      const entry = URL.canParse(release.manifest, listing) ? new URL(release.manifest, listing).href : '';
      if (releaseUrlProblem(entry) || new URL(entry).origin !== listing.origin) return [];
      return [{ version: release.version.slice(0, 100), manifest: release.manifest, builtAt: release.builtAt, entry }];
    });
    return { releases };
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `pas de réponse en ${(timeoutMs / 1000).toLocaleString('fr-FR')} s` : (error as Error).message;
    return { releases: [], error: `La liste des versions (${listing.href}) est illisible : ${reason}.` };
  }
}
