import type { Middleware } from 'koa';
import { OPERATOR_ROLE_MESSAGES, type OperatorRole } from '@shop/contracts/operator-roles';
import type { OperatorState } from './authentication';
import { OperationsError } from './operations-error';

/** A route of the API any operator may ask, whatever their roles: who they are and what they may do (the console's menu). */
const OPEN_TO_EVERY_OPERATOR: ReadonlyArray<readonly [method: string, path: RegExp]> = [['GET', /^\/operations\/api\/session$/]];

/**
 * Which role each route of the API needs (decision 042), by method (any when absent) and path, with why. An operator
 * holding none of them is refused, whatever the console shows; a route this table does not name is refused to everyone
 * (deny by default), and operations-routes.test.ts fails for any route registered without a line here.
 */
const ROLE_ROUTES: ReadonlyArray<readonly [method: string | undefined, path: RegExp, role: OperatorRole, why: string]> = [
  ['GET', /^\/operations\/api\/state$/, 'releases', 'the live releases, their health and the canary: what a release decision reads'],
  ['GET', /^\/operations\/api\/history$/, 'releases', 'who switched what, and the revisions a restore picks from'],
  ['POST', /^\/operations\/api\/(switch|rollback|restore)$/, 'releases', 'changes what every shopper gets'],
  ['POST', /^\/operations\/api\/canary(\/(promote|abort))?$/, 'releases', 'a release for a share of shoppers, then for all or none'],
  ['GET', /^\/operations\/api\/remotes\/[^/]+\/releases$/, 'releases', 'the releases a switch or a canary offers'],
  ['POST', /^\/operations\/api\/remotes\/[^/]+\/checks$/, 'releases', 'the shop’s checks of a release before it goes live'],
  [undefined, /^\/operations\/api\/previews(\/[^/]+)?$/, 'releases', 'private previews of releases on the real shop'],
  [undefined, /^\/operations\/api\/teams(\/[^/]+)?$/, 'releases', 'team tokens let remote teams check and preview releases'],
  [undefined, /^\/operations\/api\/catalogue(\/.*)?$/, 'catalogue', 'products, prices, stock and photos: what shoppers buy'],
  [undefined, /^\/operations\/api\/orders(\/.*)?$/, 'orders', 'shoppers’ orders, their phones and addresses'],
  [undefined, /^\/operations\/api\/operators(\/.*)?$/, 'admin', 'who may operate the shop, and with which roles'],
];

/** HEAD asks what GET would answer: the same role. */
const sameMethod = (wanted: string | undefined, method: string) => wanted === undefined || wanted === method || (wanted === 'GET' && method === 'HEAD');

/** The role a request needs: `every operator` for the session, undefined when no role covers it (refused to all). */
export function requiredRole(method: string, path: string): OperatorRole | 'every operator' | undefined {
  if (OPEN_TO_EVERY_OPERATOR.some(([wanted, pattern]) => sameMethod(wanted, method) && pattern.test(path))) return 'every operator';
  return ROLE_ROUTES.find(([wanted, pattern]) => sameMethod(wanted, method) && pattern.test(path))?.[2];
}

/**
 * Refuses an operator a route of the API that none of their roles covers: 403 `role_forbidden`, the message naming the
 * role needed. It runs after teamScope: a team token holds no role and has already been held to its own table (decision
 * 030), so it passes here unchanged.
 */
export function roleScope(): Middleware<OperatorState> {
  return async (ctx, next) => {
    if (ctx.state.team) return next();
    const role = requiredRole(ctx.method, ctx.path);
    if (role === undefined) throw new OperationsError(403, 'role_forbidden', OPERATOR_ROLE_MESSAGES.noRoleCovers);
    if (role !== 'every operator' && !ctx.state.roles?.includes(role)) throw new OperationsError(403, 'role_forbidden', OPERATOR_ROLE_MESSAGES.forbidden(role));
    return next();
  };
}
