import type { Middleware } from 'koa';
import { PREVIEW_MESSAGES } from '@shop/contracts/previews';
import type { RemoteName } from '@shop/contracts/remotes';
import type { OperatorState } from './authentication';
import { OperationsError } from './operations-error';

/**
 * What a team token may ask (decision 030), by method and path: its remote's releases and the shop's checks of one,
 * and previews. Everything else under the API (switch, roll back, restore, canary, orders, operators, teams, the
 * state) is an operator's: a team token is refused it, whatever a route's own checks would say. Routes that name a
 * remote or a preview check that it is the team's own (`ownRemote`).
 */
const TEAM_ROUTES: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ['GET', /^\/operations\/api\/session$/],
  ['GET', /^\/operations\/api\/remotes\/[^/]+\/releases$/],
  ['POST', /^\/operations\/api\/remotes\/[^/]+\/checks$/],
  ['GET', /^\/operations\/api\/previews$/],
  ['POST', /^\/operations\/api\/previews$/],
  ['DELETE', /^\/operations\/api\/previews\/[^/]+$/],
];

export function teamScope(): Middleware<OperatorState> {
  return async (ctx, next) => {
    const team = ctx.state.team;
    if (team && !TEAM_ROUTES.some(([method, path]) => method === ctx.method && path.test(ctx.path))) {
      throw new OperationsError(403, 'team_forbidden', PREVIEW_MESSAGES.teamForbidden);
    }
    return next();
  };
}

/** Refuses a team token acting on another remote than its own; an operator may act on any. */
export function ownRemote(state: OperatorState, remote: RemoteName): void {
  if (state.team && state.team !== remote) throw new OperationsError(403, 'team_forbidden', PREVIEW_MESSAGES.otherRemote(state.team));
}
