import { useState } from 'react';
import { failureRate, serverFailureRate, type ReleaseFigures, type RollbackRule, type ServerFigures } from '@shop/contracts/progressive-delivery';
import type { CanaryState, RemoteOverview } from '@shop/contracts/operations';
import type { Act } from '../shared/act';
import { formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';

interface Props {
  remote: RemoteOverview;
  /** The running canary, whichever remote it is of. */
  canary: CanaryState | null;
  rule: RollbackRule;
  revision: number;
  busy: boolean;
  act: Act;
  /** The card's reason field, sent with each change. */
  reason: { reason?: string };
  done: () => void;
}

const percent = (rate: number) => `${(rate * 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;
const figures = (counts: ReleaseFigures) =>
  `${counts.browsers} navigateurs, ${counts.failedBrowsers} en échec (${percent(failureRate(counts))}) ; ${counts.views} pages vues, ${counts.failed} en échec`;
const server = (counts: ServerFigures) => `${counts.renders} pages rendues par le serveur, ${counts.failed} en échec (${percent(serverFailureRate(counts))})`;

/**
 * Progressive delivery of one remote (decision 021): start a candidate for a share of browsers; while it runs, its
 * figures against the live release's, its share, promote or abort. The watch aborts it by itself when the rule is met.
 */
export function CanaryPanel({ remote, canary, rule, revision, busy, act, reason, done }: Props) {
  const id = (what: string) => `${remote.name}-canary-${what}`;
  const candidates = remote.releases.filter((release) => release.version !== remote.version);
  const [chosen, setChosen] = useState<string | null>(null);
  const [share, setShare] = useState(canary?.name === remote.name ? canary.share : 10);
  const selected = chosen && candidates.some((release) => release.entry === chosen) ? chosen : (candidates[0]?.entry ?? '');
  const validShare = Number.isInteger(share) && share >= 1 && share <= 100;
  const post = (change: Parameters<Act>[0]) => void act(change).then(done);

  if (canary && canary.name !== remote.name) {
    return <p className={styles.muted}>Un déploiement progressif de {canary.name} est en cours : un seul à la fois.</p>;
  }

  const shareField = (
    <label className={styles.field}>
      <span>Part des navigateurs en % ({remote.name})</span>
      <input type="number" min={1} max={100} step={1} required value={Number.isNaN(share) ? '' : share} onChange={(event) => setShare(event.target.valueAsNumber)} />
    </label>
  );

  if (!canary) {
    return (
      <form
        // Each remote's card has one: the remote's name tells the forms apart (their heading alone is the same).
        aria-label={`Déploiement progressif de ${remote.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          post({ path: '/canary', body: { remote: remote.name, entry: selected, share, expectedRevision: revision, ...reason } });
        }}
      >
        <h4 id={id('title')}>Déploiement progressif</h4>
        <label className={styles.field}>
          <span>Version candidate ({remote.name})</span>
          <select value={selected} disabled={busy || candidates.length === 0} onChange={(event) => setChosen(event.target.value)}>
            {candidates.map((release) => (
              <option key={release.entry} value={release.entry}>
                {`${release.version} — construite le ${formatDateTime(release.builtAt)}`}
              </option>
            ))}
          </select>
        </label>
        {shareField}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={busy || candidates.length === 0 || !validShare} aria-label={`Lancer le déploiement progressif de ${remote.name}`}>
            Lancer pour {validShare ? `${share} %` : '…'} des navigateurs
          </button>
        </div>
      </form>
    );
  }

  return (
    <section aria-labelledby={id('title')} className={styles.canary}>
      <h4 id={id('title')}>Déploiement progressif en cours</h4>
      <p>
        Version candidate {canary.version} pour {canary.share} % des navigateurs, depuis le {formatDateTime(canary.startedAt)}.
      </p>
      <ul>
        <li>
          {canary.version} (candidate) : {figures(canary.candidateFigures)} ; {server(canary.serverFigures.candidate)}
        </li>
        <li>
          {canary.liveVersion} (en ligne) : {figures(canary.liveFigures)} ; {server(canary.serverFigures.live)}
        </li>
      </ul>
      <p className={styles.muted}>
        Abandon automatique dès {rule.minBrowsers} navigateurs de la candidate (ou {rule.minBrowsers} pages rendues par le serveur) si elle échoue chez au moins{' '}
        {percent(rule.minFailureRate)} d’entre eux et {rule.minRatioToLive} fois plus que la version en ligne (sur {rule.windowMinutes} min), ou dès que ses fichiers
        manquent.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post({ path: '/canary', body: { remote: remote.name, entry: canary.entry, share, expectedRevision: revision, ...reason } });
        }}
      >
        {shareField}
        <div className={styles.actions}>
          <button type="submit" className={styles.secondary} disabled={busy || !validShare || share === canary.share} aria-label={`Modifier la part du déploiement progressif de ${remote.name}`}>
            Modifier la part
          </button>
          <button type="button" className={styles.button} disabled={busy} onClick={() => post({ path: '/canary/promote', body: { expectedRevision: revision, ...reason } })}>
            Promouvoir {canary.version} pour tous
          </button>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => post({ path: '/canary/abort', body: { expectedRevision: revision, ...reason } })}>
            Abandonner {canary.version}
          </button>
        </div>
      </form>
    </section>
  );
}
