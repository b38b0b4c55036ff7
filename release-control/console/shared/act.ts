import {
  releaseVersionOf,
  type CanaryBody,
  type CanaryChange,
  type CanaryEndBody,
  type RemotesRevision,
  type RestoreBody,
  type RollbackBody,
  type SwitchBody,
} from '@shop/contracts/operations';

/** A change the console asks for; app.tsx posts it and reports the result. */
export type Change =
  | { path: '/switch'; body: SwitchBody }
  | { path: '/rollback'; body: RollbackBody }
  | { path: '/restore'; body: RestoreBody }
  | { path: '/canary'; body: CanaryBody }
  | { path: '/canary/promote' | '/canary/abort'; body: CanaryEndBody };

export type Act = (change: Change) => Promise<void>;

/** What happened to the canary, in French: `mf_cart 1.0.1 : déploiement progressif lancé à 50 %`. */
export function describeCanary(change: CanaryChange): string {
  const release = `${change.name} ${releaseVersionOf(change.entry)}`;
  switch (change.action) {
    case 'started':
      return `${release} : déploiement progressif lancé à ${change.toShare} %`;
    case 'candidate_changed':
      return `${release} : nouvelle version candidate à ${change.toShare} %`;
    case 'share_changed':
      return `${release} : part des navigateurs ${change.fromShare} % → ${change.toShare} %`;
    case 'promoted':
      return `${release} : promue pour tous`;
    case 'aborted':
      return `${release} : déploiement progressif abandonné`;
  }
}

/** `mf_cart : 1.0.0 → 1.0.1`, per change, then what happened to the canary; `—` for a revision that did neither. */
export function describeChanges(revision: RemotesRevision): string {
  const moves = revision.changes.map((change) => `${change.name} : ${change.from ? releaseVersionOf(change.from) : '—'} → ${releaseVersionOf(change.to)}`);
  const parts = revision.canary && revision.canary.action !== 'promoted' ? [...moves, describeCanary(revision.canary)] : moves;
  return parts.length === 0 ? '—' : parts.join(', ');
}

/** The notice after a change: `mf_cart : 1.0.0 → 1.0.1 en ligne (révision 2).`, or the canary's news. */
export function describeDone(revision: RemotesRevision): string {
  if (revision.canary && revision.canary.action !== 'promoted') return `${describeCanary(revision.canary)} (révision ${revision.revision}).`;
  return `${describeChanges(revision)} en ligne (révision ${revision.revision}).`;
}
