import { useState } from 'react';
import useSWR from 'swr';
import type { OperatorsListing } from '@shop/contracts/operations';
import { formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { NoticeArea, type Notice } from '../shared/notice';
import { removeListed } from '../shared/remove-listed';
import { ConsoleTable, RowAction } from '../shared/console-table';

/**
 * The console's operators, and removing one: their API token stops at once and their sessions end at their next
 * request. Adding an operator or renewing a password stays on the command line, where the password is typed without
 * echo. An operator cannot remove their own account here.
 */
export function OperatorsSection({ self }: { self: string | undefined }) {
  const { data, mutate } = useSWR<OperatorsListing>('/operators');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const remove = (name: string) =>
    removeListed({
      confirm: `Retirer l’opérateur ${name} ? Son jeton d’API et ses sessions cessent de valoir.`,
      path: `/operators/${encodeURIComponent(name)}`,
      done: `Opérateur ${name} retiré.`,
      mutate,
      setNotice,
      setBusy,
    });

  return (
    <>
      <NoticeArea notice={notice} />
      {data ? (
        <ConsoleTable caption="Opérateurs de la console" columns={['Nom', 'Mot de passe défini le', 'Action']}>
          {data.operators.map((operator) => (
            <tr key={operator.name}>
              <td>{operator.name}</td>
              <td>{formatDateTime(operator.createdAt)}</td>
              <td>
                {operator.name === self ? (
                  <span className={styles.muted}>Vous</span>
                ) : (
                  <RowAction label={`Retirer l’opérateur ${operator.name}`} busy={busy} onClick={() => void remove(operator.name)}>
                    Retirer
                  </RowAction>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : (
        <p>Chargement…</p>
      )}
    </>
  );
}
