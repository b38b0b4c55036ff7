import { rolesOf, type OperatorRole } from '@shop/contracts/operator-roles';
import { isTeam, type OperatorRecord, type OperatorStore } from '../shared/operator-store';

/** The operators' accounts, in the store's order: team tokens share the store but are not operators (decision 030). */
export async function listOperators(store: OperatorStore): Promise<OperatorRecord[]> {
  const records = await Promise.all((await store.names()).map((name) => store.find(name)));
  return records.filter((record): record is OperatorRecord => record !== undefined && !isTeam(record));
}

/** Removes an operator (their API token stops at once); false when no operator has that name, a team token's included. */
export async function removeOperator(store: OperatorStore, name: string): Promise<boolean> {
  const record = await store.find(name);
  return record !== undefined && !isTeam(record) && store.remove(name);
}

/**
 * Gives an operator exactly `roles` (decision 042), keeping their password, token and sessions: each request reads the
 * roles afresh (identities.ts), so the change holds at the operator's next request, on every shell. Answers the roles
 * before and after, or undefined when no operator has that name (a team token's included).
 */
export async function setOperatorRoles(
  store: OperatorStore,
  name: string,
  roles: readonly OperatorRole[],
): Promise<{ before: OperatorRole[]; after: OperatorRole[] } | undefined> {
  const record = await store.find(name);
  if (record === undefined || isTeam(record)) return undefined;
  const after = rolesOf(roles);
  await store.save({ ...record, roles: after });
  return { before: rolesOf(record.roles), after };
}
