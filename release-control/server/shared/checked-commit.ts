import { changesBetween, OPERATIONS_MESSAGES, releaseVersionOf, type RemotesRevision } from '@shop/contracts/operations';
import type { RemoteEntry, RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { inSpan, SHOP_ATTRIBUTES, SHOP_SPANS, shopTracer } from '@shop/server-kit/tracing/shop-spans';
import { OperationsError } from '../http/operations-error';
import type { RevisionStore } from './revision-store';

/** What a change of the live configuration needs, whichever route makes it (live-config's, the canary's). */
export interface CommitDeps {
  store: RevisionStore;
  /** Why a release cannot be `remote`'s (releases/release-checks.ts); empty when it may go live. */
  refusals(remote: RemoteName, entry: string): Promise<string[]>;
  log: { info(object: object, message: string): void };
}

/** The releases `after` would load that `before` does not: moved remotes and a new canary candidate. */
function newReleases(before: RemotesConfig, after: RemotesConfig): RemoteEntry[] {
  const moved = after.remotes.filter((remote) => before.remotes.find((r) => r.name === remote.name)?.entry !== remote.entry);
  const candidate = after.canary && after.canary.entry !== before.canary?.entry ? [{ name: after.canary.name, entry: after.canary.entry }] : [];
  return [...moved, ...candidate];
}

/**
 * Checks every release that a change would load, then commits it from `expected`; answers the new revision. Every
 * way of changing the live configuration goes through it (switch, roll back, restore, canary).
 */
export function checkedCommit(deps: CommitDeps) {
  const { store } = deps;
  const commit = async (operator: string, config: RemotesConfig, expected: number, reason: string | null): Promise<RemotesRevision> => {
    // A stale form is answered at once, before the checks fetch anything.
    if (store.live.revision !== expected) {
      throw new OperationsError(409, 'revision_conflict', OPERATIONS_MESSAGES.conflict(store.live.revision), { current: store.live });
    }
    if (JSON.stringify(config) === JSON.stringify(store.live.config)) throw new OperationsError(400, 'validation_failed', OPERATIONS_MESSAGES.unchanged);
    const added = newReleases(store.live.config, config);
    const reasons = (await Promise.all(added.map(async (remote) => (await deps.refusals(remote.name, remote.entry)).map((why) => `${remote.name} ${releaseVersionOf(remote.entry)} : ${why}`)))).flat();
    if (reasons.length > 0) {
      deps.log.info({ operator, refused: added.map((r) => r.entry), reasons }, 'remotes change refused by the checks');
      throw new OperationsError(422, 'release_refused', OPERATIONS_MESSAGES.refused, { reasons });
    }
    const result = await store.commit({ config, by: operator, reason }, expected);
    if (result.kind === 'conflict') {
      throw new OperationsError(409, 'revision_conflict', OPERATIONS_MESSAGES.conflict(result.current.revision), { current: result.current });
    }
    deps.log.info({ operator, revision: result.revision.revision, changes: result.revision.changes, canary: result.revision.canary, reason }, 'remotes revision committed');
    return result.revision;
  };
  // In the operator's request trace: what changed, or why it did not (never who asked, nor the reason they typed).
  return (operator: string, config: RemotesConfig, expected: number, reason: string | null): Promise<RemotesRevision> =>
    inSpan(tracer, SHOP_SPANS.releaseSwitch, { attributes: { [SHOP_ATTRIBUTES.releaseChanges]: describeChanges(store.live.config, config) } }, async (span) => {
      const revision = await commit(operator, config, expected, reason);
      span.setAttribute(SHOP_ATTRIBUTES.releaseRevision, revision.revision);
      return revision;
    });
}

const tracer = shopTracer('release-control');

/** `mf_cart 1.0.0 → 1.0.1`, `canary mf_cart 1.1.0 (10 %)`, one per change, for a span. */
function describeChanges(before: RemotesConfig, after: RemotesConfig): string[] {
  const moved = changesBetween(before, after).map(({ name, from, to }) => `${name} ${from ? releaseVersionOf(from) : '∅'} → ${releaseVersionOf(to)}`);
  const canary = JSON.stringify(after.canary) === JSON.stringify(before.canary)
    ? []
    : [after.canary ? `canary ${after.canary.name} ${releaseVersionOf(after.canary.entry)} (${after.canary.share} %)` : 'canary ended'];
  return [...moved, ...canary];
}
