import { releaseVersionOf, type RemotesRevision } from '@shop/contracts/operations';
import { edgeTags } from '@shop/contracts/edge-cache';
import type { RemotesConfig } from '@shop/contracts/remotes';
import type { EdgePurger } from '@shop/server-kit/edge-purge';
import type { CommitResult, ProposedChange, RevisionStore } from '../shared/revision-store';

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
    if (was && was !== remote.entry) tags.push(edgeTags.release(remote.name, releaseVersionOf(was)));
  }
  const [was, is] = [before.canary, after.canary];
  if (JSON.stringify(was) !== JSON.stringify(is)) {
    if (was) tags.push(edgeTags.release(was.name, releaseVersionOf(was.entry)));
    const live = is && after.remotes.find((r) => r.name === is.name)?.entry;
    if (is && live) tags.push(edgeTags.release(is.name, releaseVersionOf(live)));
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
 * The store, purging the shared caches after each change it commits: a switch, a rollback, a restore, a canary's start,
 * share, promotion or abort (from the console, or by the canary's watch), a hand edit of the file. The process whose
 * compare-and-set won purges at once; then every shell purges the same tags again when it applies the change
 * (`onChange`). A shell that had not heard of the change yet may have rendered, and the caches kept, a page of the old
 * release after the first purge: its own purge, once it serves the new configuration, drops that page. (A render
 * still running when a shell applies a change is never shared: shell/server/app.ts.)
 */
export function purgingReplacedReleases(store: RevisionStore, purger: Pick<EdgePurger, 'purge'>): RevisionStore {
  let applied = store.live;
  const stopApplying = store.onChange((revision) => {
    const before = applied;
    applied = revision;
    if (before.revision < revision.revision) purger.purge(replacedReleaseTags(before.config, revision.config), `applied ${reasonOf(revision)}`);
  });
  return {
    get live() {
      return store.live;
    },
    history: () => store.history(),
    onChange: (listener) => store.onChange(listener),
    close: () => {
      stopApplying();
      return store.close();
    },
    async commit(change: ProposedChange, expectedRevision: number): Promise<CommitResult> {
      // The configuration the change replaces is the expected revision's: the live one as this process sees it, or, if
      // another shell's change has not reached it yet, the history's.
      const seen = store.live;
      const result = await store.commit(change, expectedRevision);
      if (result.kind === 'committed') void purgeAfter(store, purger, seen, expectedRevision, result.revision);
      return result;
    },
  };
}

async function purgeAfter(store: RevisionStore, purger: Pick<EdgePurger, 'purge'>, seen: RemotesRevision, expected: number, revision: RemotesRevision) {
  try {
    const before = seen.revision === expected ? seen : (await store.history()).find((kept) => kept.revision === expected);
    if (!before) return; // beyond the kept history: the pages expire with their TTL
    purger.purge(replacedReleaseTags(before.config, revision.config), reasonOf(revision));
  } catch {
    // The history did not answer (Redis): the pages expire with their TTL, as when a purge fails.
  }
}
