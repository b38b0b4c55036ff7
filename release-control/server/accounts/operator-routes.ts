import type Router from '@koa/router';
import { OPERATIONS_MESSAGES, type OperatorsListing } from '@shop/contracts/operations';
import type { OperatorState } from '../http/authentication';
import { OperationsError } from '../http/operations-error';
import type { OperatorStore } from '../shared/operator-store';
import { listOperators, removeOperator } from './operator-accounts';

export interface OperatorDeps {
  operators: OperatorStore;
  log: { info(object: object, message: string): void };
}

async function listing(operators: OperatorStore): Promise<OperatorsListing> {
  const records = (await listOperators(operators)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { operators: records.map((record) => ({ name: record.name, createdAt: record.createdAt })) };
}

/**
 * Who is asking (an operator, or a team token's name), and the console's operators: who they are, and removing one
 * (their API token stops at once, their sessions at their next request: identities.ts checks a session against its
 * operator's credentials). Operators are added or given a new password on the command line only, where the password is
 * typed without echo.
 */
export function registerOperatorRoutes(router: Router<OperatorState>, deps: OperatorDeps): void {
  router.get('/operations/api/session', (ctx) => {
    ctx.body = { operator: ctx.state.operator };
  });

  router.get('/operations/api/operators', async (ctx) => {
    ctx.body = await listing(deps.operators);
  });

  router.delete('/operations/api/operators/:name', async (ctx) => {
    const name = String(ctx.params['name'] ?? '').slice(0, 64);
    if (name === ctx.state.operator) throw new OperationsError(409, 'own_account', OPERATIONS_MESSAGES.ownAccount);
    if (!(await removeOperator(deps.operators, name))) throw new OperationsError(404, 'operator_not_found', OPERATIONS_MESSAGES.operatorNotFound(name));
    deps.log.info({ operator: ctx.state.operator, removed: name }, 'operator removed');
    ctx.body = await listing(deps.operators);
  });
}
