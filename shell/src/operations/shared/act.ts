import { releaseVersionOf, type RemotesRevision, type RestoreBody, type RollbackBody, type SwitchBody } from '@shop/contracts/operations';

/** A change the console asks for; app.tsx posts it and reports the result. */
export type Change = { path: '/switch'; body: SwitchBody } | { path: '/rollback'; body: RollbackBody } | { path: '/restore'; body: RestoreBody };

export type Act = (change: Change) => Promise<void>;

/** `mf_cart : 1.0.0 → 1.0.1`, per change; `—` for a revision that moved nothing. */
export function describeChanges(revision: RemotesRevision): string {
  if (revision.changes.length === 0) return '—';
  return revision.changes.map((change) => `${change.name} : ${change.from ? releaseVersionOf(change.from) : '—'} → ${releaseVersionOf(change.to)}`).join(', ');
}
