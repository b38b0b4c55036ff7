import type { RemotesRevision } from '@shop/contracts/operations';
import { describeChanges, type Act } from '../shared/act';
import { formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { ConsoleTable, RowAction } from '../shared/console-table';

interface Props {
  revisions: RemotesRevision[];
  live: number;
  busy: boolean;
  act: Act;
}

/** The kept revisions, newest first: who, when, what moved, why; any of them can be made live again. */
export function HistorySection({ revisions, live, busy, act }: Props) {
  return (
    <ConsoleTable caption="Historique des révisions, la plus récente d’abord" columns={['Révision', 'Date', 'Par', 'Changements', 'Raison', 'Action']} scrolls>
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
              <RowAction
                label={`Restaurer la révision ${revision.revision}`}
                busy={busy}
                onClick={() => void act({ path: '/restore', body: { revision: revision.revision, expectedRevision: live } })}
              >
                Restaurer
              </RowAction>
            )}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
