import type { Identities } from '../http/authentication';
import { credentialsStamp, type OperatorStore, type SessionStore } from '../shared/operator-store';

/**
 * Who an API token or a console session belongs to, from the accounts' stores. A session counts while its operator's
 * credentials are those it was opened with: a password renewed with `operators add` or an operator removed ends every
 * session at its next request, on every shell (the store is shared).
 */
export function accountIdentities(operators: OperatorStore, sessions: SessionStore): Identities {
  return {
    async byToken(token) {
      const account = await operators.findByToken(token);
      return account && { name: account.name, ...(account.team ? { team: account.team.remote } : {}) };
    },
    async bySession(id) {
      const session = await sessions.find(id);
      if (!session) return undefined;
      const record = await operators.find(session.operator);
      return record && credentialsStamp(record) === session.credentials ? record.name : undefined;
    },
  };
}
