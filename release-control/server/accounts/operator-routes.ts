import type Router from '@koa/router';
import { OPERATIONS_MESSAGES, type OperatorSession, type OperatorsListing } from '@shop/contracts/operations';
import { OPERATOR_ROLE_MESSAGES, parseRoles, rolesOf } from '@shop/contracts/operator-roles';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import type { OperatorStore } from '../shared/operator-store';
import { listOperators, removeOperator, setOperatorRoles } from './operator-accounts';

export interface OperatorDeps {
  operators: OperatorStore;
  log: { info(object: object, message: string): void };
}

async function listing(operators: OperatorStore): Promise<OperatorsListing> {
  const records = (await listOperators(operators)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { operators: records.map((record) => ({ name: record.name, createdAt: record.createdAt, roles: rolesOf(record.roles) })) };
}

const nameParameter = (value: unknown) => String(value ?? '').slice(0, 64);

/**
 * Who is asking (an operator, or a team token's name) and what they may do, and the console's operators: who they are,
 * with which roles, removing one (their API token stops at once, their sessions at their next request: identities.ts
 * checks a session against its operator's credentials) and changing one's roles (decision 042). Operators are added or
 * given a new password on the command line only, where the password is typed without echo. role-scope.ts keeps all but
 * the session to operators with the `admin` role.
 */
export function registerOperatorRoutes(router: Router<OperatorState>, deps: OperatorDeps): void {
  router.get('/operations/api/session', (ctx) => {
    ctx.body = { operator: ctx.state.operator!, roles: [...(ctx.state.roles ?? [])] } satisfies OperatorSession;
  });

  router.get('/operations/api/operators', async (ctx) => {
    ctx.body = await listing(deps.operators);
  });

  router.delete('/operations/api/operators/:name', async (ctx) => {
    const name = nameParameter(ctx.params['name']);
    if (name === ctx.state.operator) throw new OperationsError(409, 'own_account', OPERATIONS_MESSAGES.ownAccount);
    if (!(await removeOperator(deps.operators, name))) throw new OperationsError(404, 'operator_not_found', OPERATIONS_MESSAGES.operatorNotFound(name));
    deps.log.info({ operator: ctx.state.operator, removed: name }, 'operator removed');
    ctx.body = await listing(deps.operators);
  });

  router.put('/operations/api/operators/:name/roles', async (ctx) => {
    const name = nameParameter(ctx.params['name']);
    const parsed = parseRoles((await readJson(ctx))['roles']);
    if ('refused' in parsed) throw new OperationsError(400, 'validation_failed', parsed.refused);
    // An admin who took `admin` from themselves could leave the shop with nobody to give it back but the command line.
    if (name === ctx.state.operator && !parsed.roles.includes('admin')) throw new OperationsError(409, 'own_admin_role', OPERATOR_ROLE_MESSAGES.ownAdminRole);
    const changed = await setOperatorRoles(deps.operators, name, parsed.roles);
    if (!changed) throw new OperationsError(404, 'operator_not_found', OPERATIONS_MESSAGES.operatorNotFound(name));
    deps.log.info({ operator: ctx.state.operator, changed: name, before: changed.before, after: changed.after }, 'operator roles changed');
    ctx.body = await listing(deps.operators);
  });
}
