import { useState } from 'react';
import type { OperationsState, RefusedAccessSeen, RemoteOverview } from '@shop/contracts/operations';
import { MAX_REASON_LENGTH } from '@shop/contracts/operations';
import type { Act } from '../shared/act';
import { CanaryPanel } from './canary-panel';
import { formatDateTime } from '../shared/api';
import { ReleaseOptions } from '../shared/release-options';
import styles from '../shared/console.module.css';

interface Props {
  state: OperationsState;
  busy: boolean;
  act: Act;
}

/** Each remote: its live release and health, the releases its server offers, switch and roll back with a reason. */
export function RemotesSection({ state, busy, act }: Props) {
  const unattributed = state.refusedAccesses.filter((refused) => refused.remote === null);
  return (
    <>
      {unattributed.length > 0 && (
        <RefusedAccesses title="Accès refusés au rendu serveur (code d’une version non identifiée)" refused={unattributed} id="refused-unknown" />
      )}
      <div className={styles.cards}>
        {state.remotes.map((remote) => (
          <RemoteCard key={remote.name} remote={remote} state={state} busy={busy} act={act} />
        ))}
      </div>
    </>
  );
}

/**
 * What the shop's server refused to a release's code (decision 027): a release that tries to read, write, start a
 * process or connect beyond what rendering its part needs is one whose pipeline operators want to look at.
 */
function RefusedAccesses({ title, refused, id }: { title: string; refused: RefusedAccessSeen[]; id: string }) {
  return (
    <section className={styles.refused} aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      <ul>
        {refused.map((entry) => (
          <li key={`${entry.version} ${entry.access}`}>
            {`${entry.version ? `${entry.version} : ` : ''}${entry.access} — ${entry.count} fois, la dernière le ${formatDateTime(entry.lastAt)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RemoteCard({ remote, state, busy, act }: { remote: RemoteOverview; state: OperationsState; busy: boolean; act: Act }) {
  const revision = state.live.revision;
  // The remote being measured keeps its live release until its canary is promoted or aborted.
  const measured = state.canary?.name === remote.name;
  const firstOther = remote.releases.find((release) => release.entry !== remote.entry)?.entry ?? remote.entry;
  const [chosen, setChosen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  // The choice stays while it is still offered; otherwise the newest release that is not live.
  const selected = chosen && remote.releases.some((release) => release.entry === chosen) ? chosen : firstOther;
  const id = (what: string) => `${remote.name}-${what}`;
  const withReason = reason.trim() ? { reason: reason.trim() } : {};
  const refused = state.refusedAccesses.filter((entry) => entry.remote === remote.name);

  return (
    <article className={styles.card} aria-labelledby={id('title')}>
      <h3 id={id('title')}>{remote.name}</h3>
      <p>Version en ligne : {remote.version}</p>
      <p className={remote.health.up ? styles.up : styles.down}>
        {remote.health.up ? `En ligne · ${remote.health.ms} ms` : `Hors ligne : ${remote.health.error ?? 'ne répond pas'}`}
      </p>
      {remote.releasesError && <p className={styles.refused}>{remote.releasesError}</p>}
      {refused.length > 0 && <RefusedAccesses title="Accès refusés au rendu serveur" refused={refused} id={id('refused')} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void act({ path: '/switch', body: { remote: remote.name, entry: selected, expectedRevision: revision, ...withReason } }).then(() => setReason(''));
        }}
      >
        <label className={styles.field}>
          <span>Version à mettre en ligne ({remote.name})</span>
          <select value={selected} disabled={busy || remote.releases.length === 0} onChange={(event) => setChosen(event.target.value)}>
            <ReleaseOptions remote={remote} />
          </select>
        </label>
        <label className={styles.field}>
          <span>Raison ({remote.name})</span>
          <input value={reason} maxLength={MAX_REASON_LENGTH} onChange={(event) => setReason(event.target.value)} />
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={busy || measured || remote.releases.length === 0} aria-label={`Mettre en ligne ${remote.name}`}>
            Mettre en ligne
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy || measured}
            aria-label={`Revenir à la version précédente de ${remote.name}`}
            onClick={() => void act({ path: '/rollback', body: { remote: remote.name, expectedRevision: revision, ...withReason } }).then(() => setReason(''))}
          >
            Revenir à la version précédente
          </button>
        </div>
      </form>
      <CanaryPanel
        key={state.canary ? `${state.canary.startedAt} ${state.canary.share}` : 'none'}
        remote={remote}
        canary={state.canary}
        rule={state.rule}
        revision={revision}
        busy={busy}
        act={act}
        reason={withReason}
        done={() => setReason('')}
      />
    </article>
  );
}
