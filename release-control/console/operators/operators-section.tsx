import { useState } from 'react';
import useSWR from 'swr';
import type { OperatorsListing } from '@shop/contracts/operations';
import { formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { NoticeArea, type Notice } from '../shared/notice';
import { removeListed } from '../shared/remove-listed';

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
        <table className={styles.table}>
          <caption>Opérateurs de la console</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Mot de passe défini le</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {data.operators.map((operator) => (
              <tr key={operator.name}>
                <td>{operator.name}</td>
                <td>{formatDateTime(operator.createdAt)}</td>
                <td>
                  {operator.name === self ? (
                    <span className={styles.muted}>Vous</span>
                  ) : (
                    <button type="button" className={styles.secondary} disabled={busy} aria-label={`Retirer l’opérateur ${operator.name}`} onClick={() => void remove(operator.name)}>
                      Retirer
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Chargement…</p>
      )}
    </>
  );
}
