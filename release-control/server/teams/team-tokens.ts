import { PREVIEW_MESSAGES, TEAM_NAME, type TeamCreated, type TeamSummary } from '@shop/contracts/previews';
import type { RemoteName } from '@shop/contracts/remotes';
import { isTeam, type OperatorStore, type TeamRecord } from '../shared/operator-store';
import { UNKNOWN_OPERATOR_HASH } from '../shared/passwords';
import { digest, newSecret } from '../shared/secrets';

/** A refused team token change, in French (the console and the command show it as it is). */
export class TeamTokenError extends Error {
  constructor(
    readonly code: 'validation_failed' | 'name_taken',
    message: string,
  ) {
    super(message);
  }
}

export const teamSummaryOf = (record: TeamRecord): TeamSummary => ({
  name: record.name,
  remote: record.team.remote,
  createdBy: record.team.createdBy,
  createdAt: record.createdAt,
});

/**
 * Creates a team token scoped to `remote` (decision 030): an account in the operators' store, so every shell knows it
 * at once and removing it stops the token at once, but with no password (never a console login) and only a team's
 * rights. The token is answered once; only its digest is kept. A name already used by an operator or a team is refused:
 * a team token never replaces an operator's account, nor silently another team's token.
 */
export async function addTeam(store: OperatorStore, name: string, remote: RemoteName, createdBy: string): Promise<TeamCreated> {
  if (!TEAM_NAME.test(name)) throw new TeamTokenError('validation_failed', PREVIEW_MESSAGES.teamName);
  if ((await store.find(name)) !== undefined) throw new TeamTokenError('name_taken', PREVIEW_MESSAGES.nameTaken(name));
  const token = `team_${newSecret()}`;
  const record = { name, passwordHash: UNKNOWN_OPERATOR_HASH, tokenHash: digest(token), createdAt: new Date().toISOString(), team: { remote, createdBy } };
  await store.save(record);
  return { team: teamSummaryOf(record), token };
}

/** Every team token, by name. */
export async function listTeams(store: OperatorStore): Promise<TeamSummary[]> {
  const records = await Promise.all((await store.names()).map((name) => store.find(name)));
  return records.filter(isTeam).map(teamSummaryOf).sort((a, b) => a.name.localeCompare(b.name));
}

/** Removes a team token (it stops at once); false when no team has that name (an operator's account is not one). */
export async function removeTeam(store: OperatorStore, name: string): Promise<boolean> {
  return isTeam(await store.find(name)) ? store.remove(name) : false;
}
