import type Router from '@koa/router';
import { PREVIEW_MESSAGES, type TeamCreated, type TeamsListing } from '@shop/contracts/previews';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import { remoteField } from '../http/request-fields';
import type { OperatorStore } from '../shared/operator-store';
import { addTeam, listTeams, removeTeam, TeamTokenError } from './team-tokens';

export interface TeamDeps {
  operators: OperatorStore;
  log: { info(object: object, message: string): void };
}

/** Team tokens (decision 030): an operator lists, creates (the token is shown once) and removes them. */
export function registerTeamRoutes(router: Router<OperatorState>, deps: TeamDeps): void {
  router.get('/operations/api/teams', async (ctx) => {
    ctx.body = { teams: await listTeams(deps.operators) } satisfies TeamsListing;
  });

  router.post('/operations/api/teams', async (ctx) => {
    const body = await readJson(ctx);
    const remote = remoteField(body['remote']);
    let created: TeamCreated;
    try {
      created = await addTeam(deps.operators, String(body['name'] ?? ''), remote, ctx.state.operator!);
    } catch (error) {
      if (error instanceof TeamTokenError) throw new OperationsError(error.code === 'name_taken' ? 409 : 400, error.code, error.message);
      throw error;
    }
    deps.log.info({ operator: ctx.state.operator, team: created.team.name, remote }, 'team token created');
    ctx.status = 201;
    ctx.body = created;
  });

  router.delete('/operations/api/teams/:name', async (ctx) => {
    const name = String(ctx.params['name'] ?? '').slice(0, 64);
    if (!(await removeTeam(deps.operators, name))) throw new OperationsError(404, 'team_not_found', PREVIEW_MESSAGES.teamNotFound(name));
    deps.log.info({ operator: ctx.state.operator, team: name }, 'team token removed');
    ctx.body = { teams: await listTeams(deps.operators) } satisfies TeamsListing;
  });
}
