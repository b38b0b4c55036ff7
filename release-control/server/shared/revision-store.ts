import { canaryChangeBetween, changesBetween, REVISIONS_KEPT, type RemotesRevision } from '@shop/contracts/operations';
import type { CanaryFigures } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';

/** A change an operator (or a hand edit of the file) asks for. */
export interface ProposedChange {
  config: RemotesConfig;
  by: string;
  reason: string | null;
  /** An automatic abort's figures. */
  figures?: CanaryFigures;
}

export type CommitResult = { kind: 'committed'; revision: RemotesRevision } | { kind: 'conflict'; current: RemotesRevision };

/**
 * The live remotes configuration and its revisions, shared by every shell that uses the same store (decision 020).
 * Writes are compare-and-set on the revision: a change made from a revision that is no longer live is refused with the
 * live one, never merged. Two stores: the operators' file alone (one shell) and Redis (any number of shells).
 */
export interface RevisionStore {
  /** The live revision as this process last saw it; never waits (pages read it on every request). */
  readonly live: RemotesRevision;
  /** Newest first, at most REVISIONS_KEPT. */
  history(): Promise<RemotesRevision[]>;
  /** Makes `change` live as revision `expectedRevision + 1` if `expectedRevision` is still the live one. */
  commit(change: ProposedChange, expectedRevision: number): Promise<CommitResult>;
  /** Called with each new live revision, whichever process made it; returns the unsubscribe function. */
  onChange(listener: (revision: RemotesRevision) => void): () => void;
  close(): Promise<void>;
}

/** The revision that follows `live` with `change`. */
export function nextRevision(live: RemotesRevision | null, change: ProposedChange, now = new Date()): RemotesRevision {
  return {
    revision: (live?.revision ?? 0) + 1,
    at: now.toISOString(),
    by: change.by,
    reason: change.reason,
    changes: changesBetween(live?.config ?? null, change.config),
    ...withCanaryChange(live?.config ?? null, change),
    config: change.config,
  };
}

/** Who the first revision and hand edits of the file are recorded as. */
export const FILE_AUTHOR = 'remotes.json';

export { REVISIONS_KEPT };

function withCanaryChange(before: RemotesConfig | null, change: ProposedChange): Pick<RemotesRevision, 'canary' | 'figures'> {
  const canary = canaryChangeBetween(before, change.config);
  return { ...(canary ? { canary } : {}), ...(change.figures ? { figures: change.figures } : {}) };
}
