import { useState, type FormEvent } from 'react';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLE_WORK, OPERATOR_ROLES, rolesOf, type OperatorRole } from '@shop/contracts/operator-roles';
import styles from '../shared/console.module.css';

interface RolesFormProps {
  name: string;
  roles: readonly OperatorRole[];
  /** The operator looking at the console: they keep the admin role (the API refuses it with 409 anyway). */
  self: boolean;
  busy: boolean;
  save(name: string, roles: OperatorRole[]): Promise<void>;
}

/**
 * One operator's roles, a checkbox each, saved with one button (decision 042): a native form, so it works with the
 * keyboard alone (Tab, Space, Enter) and each box is named by its label. The box of one's own admin role is held
 * checked, with the reason said beside it.
 */
export function RolesForm({ name, roles, self, busy, save }: RolesFormProps) {
  const [checked, setChecked] = useState<readonly OperatorRole[]>(roles);
  const unchanged = checked.length === roles.length && checked.every((role) => roles.includes(role));
  const toggle = (role: OperatorRole, on: boolean) => setChecked((current) => rolesOf(on ? [...current, role] : current.filter((held) => held !== role)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.length > 0 && !unchanged) void save(name, [...checked]);
  };
  const hint = `roles-hint-${name}`;

  return (
    <form onSubmit={submit} aria-label={`Rôles de ${name}`}>
      <fieldset className={styles.roles} aria-describedby={hint}>
        <legend>Rôles de {name}</legend>
        {OPERATOR_ROLES.map((role) => {
          const ownAdmin = self && role === 'admin';
          return (
            <label key={role} title={OPERATOR_ROLE_WORK[role]}>
              <input
                type="checkbox"
                name="roles"
                value={role}
                checked={checked.includes(role)}
                disabled={busy || ownAdmin}
                onChange={(event) => toggle(role, event.target.checked)}
              />
              {OPERATOR_ROLE_LABELS[role]}
            </label>
          );
        })}
      </fieldset>
      <p id={hint} className={styles.muted}>
        {checked.length === 0 ? 'Cochez au moins un rôle.' : self ? 'Vous gardez votre rôle « Opérateurs et rôles ».' : ''}
      </p>
      <button type="submit" className={styles.secondary} disabled={busy || unchanged || checked.length === 0}>
        Enregistrer les rôles de {name}
      </button>
    </form>
  );
}
