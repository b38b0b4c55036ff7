import type { RemoteName } from '@shop/contracts/remotes';
import type { OperatorStore } from '../server/shared/operator-store';
import { addTeam } from '../server/teams/team-tokens';

/** A team token made as `teams add` makes it, for tests of what a team may do (decision 030); the token itself. */
export async function teamToken(operators: OperatorStore, name: string, remote: RemoteName, createdBy = 'amina'): Promise<string> {
  return (await addTeam(operators, name, remote, createdBy)).token;
}
