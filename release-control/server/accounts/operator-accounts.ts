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
