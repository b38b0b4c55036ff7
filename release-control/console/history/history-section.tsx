import type { RemotesRevision } from '@shop/contracts/operations';
import { describeChanges, type Act } from '../shared/act';
import { formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';

interface Props {
  revisions: RemotesRevision[];
  live: number;
  busy: boolean;
  act: Act;
}

/** The kept revisions, newest first: who, when, what moved, why; any of them can be made live again. */
export function HistorySection({ revisions, live, busy, act }: Props) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption>Historique des révisions, la plus récente d’abord</caption>
        <thead>
          <tr>
            <th scope="col">Révision</th>
            <th scope="col">Date</th>
            <th scope="col">Par</th>
            <th scope="col">Changements</th>
            <th scope="col">Raison</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision) => (
            <tr key={revision.revision}>
              <td>{revision.revision}</td>
              <td>{formatDateTime(revision.at)}</td>
              <td>{revision.by}</td>
              <td>{describeChanges(revision)}</td>
              <td>{revision.reason ?? '—'}</td>
              <td>
                {revision.revision === live ? (
                  <span className={styles.muted}>En ligne</span>
                ) : (
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={busy}
                    aria-label={`Restaurer la révision ${revision.revision}`}
                    onClick={() => void act({ path: '/restore', body: { revision: revision.revision, expectedRevision: live } })}
                  >
                    Restaurer
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
