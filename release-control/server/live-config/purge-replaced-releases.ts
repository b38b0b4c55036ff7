import { releaseVersionOf, type RemotesRevision } from '@shop/contracts/operations';
import { edgeTags } from '@shop/contracts/edge-cache';
import type { RemotesConfig } from '@shop/contracts/remotes';
import type { EdgePurger } from '@shop/server-kit/edge-purge';
import type { RevisionStore } from '../shared/revision-store';

/**
 * The tags of the cached pages a change of the live configuration makes wrong (decision 045): pages carry the tag of
 * each release that rendered them (`release:mf_cart@1.0.0`).
 * - A remote whose live release moved: the pages of its old release.
 * - A canary that ended or changed in any way: the pages of its old candidate (kept under the candidate arm's cookie);
 *   a share that shrinks moves browsers out of that arm, so a share change drops them too.
 * - A canary that runs after the change (started, share or candidate changed): the pages of its remote's live release,
 *   cached for browsers that carry no arm cookie yet, so that they reach a shell and are given their arm.
 */
export function replacedReleaseTags(before: RemotesConfig, after: RemotesConfig): string[] {
  const tags: string[] = [];
  for (const remote of after.remotes) {
    const was = before.remotes.find((r) => r.name === remote.name)?.entry;
    if (was && was !== remote.entry) tags.push(edgeTags.release(remote.name, was));
  }
  const [was, is] = [before.canary, after.canary];
  if (JSON.stringify(was) !== JSON.stringify(is)) {
    if (was) tags.push(edgeTags.release(was.name, was.entry));
    const live = is && after.remotes.find((r) => r.name === is.name)?.entry;
    if (is && live) tags.push(edgeTags.release(is.name, live));
  }
  return [...new Set(tags)];
}

/** What a revision did, for the purge's log lines: `switch mf_cart 1.0.0 → 1.0.1`, `canary started mf_cart`. */
function reasonOf(revision: RemotesRevision): string {
  const moved = revision.changes.map((change) => `switch ${change.name} ${change.from ? releaseVersionOf(change.from) : '∅'} → ${releaseVersionOf(change.to)}`);
  const canary = revision.canary ? [`canary ${revision.canary.action} ${revision.canary.name}`] : [];
  return [...moved, ...canary].join(', ') || `revision ${revision.revision}`;
}

/**
 * Purges the shared caches after each change of the live configuration this process applies: a switch, a rollback, a
 * restore, a canary's start, share, promotion or abort (from the console, or by the canary's watch), a hand edit of
 * the file. A store tells its listeners of its own commits as of the ones other shells made (the revision store's
 * contract), in order, so every shell purges each change once, diffed against the revision it served before. The
 * last shell to apply a change purges last: a page of the old release it rendered, and the caches kept, after the
 * first purge is dropped too. (A render still running when a shell applies a change is never shared:
 * shell/server/app.ts.) Stops with the store (its close drops its listeners).
 */
export function purgeReplacedReleases(store: RevisionStore, purger: Pick<EdgePurger, 'purge'>): void {
  let applied = store.live;
  store.onChange((revision) => {
    const before = applied;
    applied = revision;
    if (before.revision < revision.revision) purger.purge(replacedReleaseTags(before.config, revision.config), reasonOf(revision));
  });
}
