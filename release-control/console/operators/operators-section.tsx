import { useState } from 'react';
import useSWR from 'swr';
import type { OperatorsListing } from '@shop/contracts/operations';
import type { OperatorRole, OperatorRolesBody } from '@shop/contracts/operator-roles';
import { OPERATOR_ROLE_LABELS } from '@shop/contracts/operator-roles';
import { ApiRefusal, callApi, formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { NoticeArea, type Notice } from '../shared/notice';
import { removeListed } from '../shared/remove-listed';
import { ConsoleTable, RowAction } from '../shared/console-table';
import { RolesForm } from './roles-form';

interface OperatorsSectionProps {
  self: string | undefined;
  /** After a change of roles: the console reads its session again, since the operator's own may have changed. */
  onRolesChanged?: () => void;
}

/**
 * The console's operators, their roles and removing one: their API token stops at once and their sessions end at
 * their next request. Roles are changed here, a form per operator (decision 042). Adding an operator or renewing a
 * password stays on the command line, where the password is typed without echo. An operator cannot remove their own
 * account here, nor their own admin role.
 */
export function OperatorsSection({ self, onRolesChanged }: OperatorsSectionProps) {
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

  const saveRoles = async (name: string, roles: OperatorRole[]) => {
    setBusy(true);
    try {
      const body: OperatorRolesBody = { roles };
      await mutate(await callApi<OperatorsListing>(`/operators/${encodeURIComponent(name)}/roles`, { method: 'PUT', body }), { revalidate: false });
      setNotice({ kind: 'done', text: `Rôles de ${name} : ${roles.map((role) => OPERATOR_ROLE_LABELS[role]).join(', ')}.` });
      onRolesChanged?.();
    } catch (error) {
      if (error instanceof ApiRefusal) setNotice({ kind: 'refused', text: error.message });
      await mutate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <NoticeArea notice={notice} />
      {data ? (
        <ConsoleTable caption="Opérateurs de la console" columns={['Nom', 'Rôles', 'Mot de passe défini le', 'Action']}>
          {data.operators.map((operator) => (
            <tr key={operator.name}>
              <td>{operator.name}</td>
              <td>
                {/* Keyed by the roles saved: a new listing puts the boxes back on what the server holds. */}
                <RolesForm
                  key={operator.roles.join(',')}
                  name={operator.name}
                  roles={operator.roles}
                  self={operator.name === self}
                  busy={busy}
                  save={saveRoles}
                />
              </td>
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
