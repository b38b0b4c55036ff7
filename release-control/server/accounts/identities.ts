import { rolesOf } from '@shop/contracts/operator-roles';
import type { Identities, Identity } from '../http/authentication';
import { credentialsStamp, type OperatorRecord, type OperatorStore, type SessionStore } from '../shared/operator-store';

/** A team token has none of an operator's roles (decision 030): team-scope.ts alone says what it may ask. */
const identityOf = (record: OperatorRecord): Identity =>
  record.team ? { name: record.name, roles: [], team: record.team.remote } : { name: record.name, roles: rolesOf(record.roles) };

/**
 * Who an API token or a console session belongs to, from the accounts' stores. A session counts while its operator's
 * credentials are those it was opened with: a password renewed with `operators add` or an operator removed ends every
 * session at its next request, on every shell (the store is shared). The roles are read with the account each time, so
 * a change of roles holds at the next request too.
 */
export function accountIdentities(operators: OperatorStore, sessions: SessionStore): Identities {
  return {
    async byToken(token) {
      const account = await operators.findByToken(token);
      return account && identityOf(account);
    },
    async bySession(id) {
      const session = await sessions.find(id);
      if (!session) return undefined;
      const record = await operators.find(session.operator);
      return record && credentialsStamp(record) === session.credentials ? identityOf(record) : undefined;
    },
  };
}
