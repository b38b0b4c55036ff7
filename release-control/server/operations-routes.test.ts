import { describe, expect, it } from 'vitest';
import type { OperationsErrorBody, OperatorSession } from '@shop/contracts/operations';
import { OPERATOR_ROLE_MESSAGES, OPERATOR_ROLES, type OperatorRole } from '@shop/contracts/operator-roles';
import { addOperator } from './accounts/add-operator';
import { operationsRouter, type OperationsOptions } from './operations-routes';
import { releaseControlForFile } from '../test-support/for-file';
import { teamToken } from '../test-support/team-tokens';
import { PASSWORD } from '../test-support/test-release-control';
import { requiredRole } from './http/role-scope';

const fixture = releaseControlForFile();
const api = (path: string) => `${fixture.server.url}/operations/api${path}`;
const STALE = 999_999;

/**
 * Each kind of action an operator's role covers, as a script calls it. Writes carry a revision nobody saw, so one that
 * passes the role check is refused further on (409) and the shop stays as it was for the next operator.
 */
const ACTIONS: ReadonlyArray<{ role: OperatorRole; what: string; method: string; path: string; body?: unknown }> = [
  { role: 'releases', what: 'the state', method: 'GET', path: '/state' },
  { role: 'releases', what: 'the history', method: 'GET', path: '/history' },
  { role: 'releases', what: 'a switch', method: 'POST', path: '/switch', body: { remote: 'mf_cart', entry: 'http://127.0.0.1:1/9.9.9/mf-manifest.json', expectedRevision: STALE } },
  { role: 'releases', what: 'a roll back', method: 'POST', path: '/rollback', body: { remote: 'mf_cart', expectedRevision: STALE } },
  { role: 'releases', what: 'a restore', method: 'POST', path: '/restore', body: { revision: 1, expectedRevision: STALE } },
  { role: 'releases', what: 'a canary', method: 'POST', path: '/canary', body: { remote: 'mf_cart', entry: 'http://127.0.0.1:1/9.9.9/mf-manifest.json', share: 10, expectedRevision: STALE } },
  { role: 'releases', what: 'a canary promoted', method: 'POST', path: '/canary/promote', body: { expectedRevision: STALE } },
  { role: 'releases', what: 'a canary aborted', method: 'POST', path: '/canary/abort', body: { expectedRevision: STALE } },
  { role: 'releases', what: 'a remote’s releases', method: 'GET', path: '/remotes/mf_cart/releases' },
  { role: 'releases', what: 'a release check', method: 'POST', path: '/remotes/mf_cart/checks', body: {} },
  { role: 'releases', what: 'the previews', method: 'GET', path: '/previews' },
  { role: 'releases', what: 'a preview ended', method: 'DELETE', path: '/previews/aucun' },
  { role: 'releases', what: 'the team tokens', method: 'GET', path: '/teams' },
  { role: 'releases', what: 'a team token created', method: 'POST', path: '/teams', body: { name: 'x', remote: 'aucun' } },
  { role: 'catalogue', what: 'the products', method: 'GET', path: '/catalogue/products?q=argan' },
  { role: 'catalogue', what: 'a product created', method: 'POST', path: '/catalogue/products', body: {} },
  { role: 'catalogue', what: 'a stock adjustment', method: 'POST', path: '/catalogue/products/p1/stock', body: {} },
  { role: 'orders', what: 'the orders', method: 'GET', path: '/orders?status=reçue' },
  { role: 'orders', what: 'an order moved', method: 'POST', path: '/orders/K7M2-Q9XP/status', body: { status: 'confirmée' } },
  { role: 'admin', what: 'the operators', method: 'GET', path: '/operators' },
  { role: 'admin', what: 'an operator removed', method: 'DELETE', path: '/operators/personne' },
  { role: 'admin', what: 'an operator’s roles changed', method: 'PUT', path: '/operators/personne/roles', body: { roles: ['orders'] } },
];

const call = async (token: string, action: { method: string; path: string; body?: unknown }) => {
  const answer = await fetch(api(action.path), {
    method: action.method,
    headers: { Authorization: `Bearer ${token}`, ...(action.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(action.body === undefined ? {} : { body: JSON.stringify(action.body) }),
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as Partial<OperationsErrorBody> | null };
};

/** One operator per role, one with every role named, and one whose record has no roles (made before roles existed). */
const OPERATORS: ReadonlyArray<{ name: string; roles?: OperatorRole[] }> = [
  ...OPERATOR_ROLES.map((role) => ({ name: `seul-${role}`, roles: [role] })),
  { name: 'tous-roles', roles: [...OPERATOR_ROLES] },
  { name: 'ancien' },
];

describe('each route of the operators’ API needs a role (decision 042)', () => {
  it('every route the API registers is in role-scope.ts’s table: a new route without a role fails here', () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    // Registering reads none of its dependencies; the routes are those operationsRoutes serves.
    const router = operationsRouter({ log: quiet } as unknown as OperationsOptions);
    const routes = router.stack
      .filter((layer) => typeof layer.path === 'string' && layer.path.startsWith('/operations/api'))
      .flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: layer.path as string })));
    expect(routes.length).toBeGreaterThan(15);
    const withoutRole = routes.filter(({ method, path }) => requiredRole(method, path.replace(/:[a-z]+/gi, 'x')) === undefined);
    expect(withoutRole, 'routes no role covers: give each a line in ROLE_ROUTES').toEqual([]);
    expect(requiredRole('GET', '/operations/api/session')).toBe('every operator');
  });

  it('maps everything under /operations/api/catalogue/ to the catalogue role, whatever its routes become', () => {
    for (const [method, path] of [
      ['GET', '/operations/api/catalogue/products'],
      ['PUT', '/operations/api/catalogue/products/p1'],
      ['POST', '/operations/api/catalogue/products/p1/photos'],
      ['GET', '/operations/api/catalogue/audit'],
    ] as const) {
      expect(requiredRole(method, path), `${method} ${path}`).toBe('catalogue');
    }
    expect(requiredRole('GET', '/operations/api/catalogueX')).toBeUndefined();
  });

  it('refuses each operator, 403 role_forbidden in the envelope, what their roles do not cover, and lets through what they do', async () => {
    const store = fixture.server.stores.operators;
    const tokens = new Map<string, string>();
    for (const operator of OPERATORS) tokens.set(operator.name, (await addOperator(store, operator.name, PASSWORD, operator.roles)).token);
    expect((await store.find('ancien'))?.roles, 'a record as written before roles existed').toBeUndefined();

    const wrong: string[] = [];
    for (const operator of OPERATORS) {
      const held = operator.roles ?? OPERATOR_ROLES;
      for (const action of ACTIONS) {
        const { status, body } = await call(tokens.get(operator.name)!, action);
        const label = `${operator.name}: ${action.what} (${action.method} ${action.path}) answered ${status} ${JSON.stringify(body?.error ?? null)}`;
        if (held.includes(action.role)) {
          if (status === 403) wrong.push(`${label}, refused although the role is held`);
        } else if (status !== 403 || body?.error?.code !== 'role_forbidden' || body.error.message !== OPERATOR_ROLE_MESSAGES.forbidden(action.role)) {
          wrong.push(`${label}, not refused for lack of ${action.role}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the session to every operator, with their roles', async () => {
    const store = fixture.server.stores.operators;
    const { token } = await addOperator(store, 'commandes', PASSWORD, ['orders']);
    expect((await call(token, { method: 'GET', path: '/session' })).body).toEqual({ operator: 'commandes', roles: ['orders'] } satisfies OperatorSession);
    const legacy = await addOperator(store, 'ancienne', PASSWORD);
    expect((await call(legacy.token, { method: 'GET', path: '/session' })).body).toEqual({ operator: 'ancienne', roles: [...OPERATOR_ROLES] });
  });

  it('refuses every operator a path no role covers (deny by default), and nobody gets past the login first', async () => {
    for (const action of [
      { method: 'GET', path: '/rien-ici' },
      { method: 'GET', path: '/switch' },
      { method: 'GET', path: '/Operators' },
    ]) {
      const { status, body } = await call(fixture.server.token, action);
      expect(status, `${action.method} ${action.path}`).toBe(403);
      expect(body?.error).toEqual({ code: 'role_forbidden', message: OPERATOR_ROLE_MESSAGES.noRoleCovers });
    }
    expect((await fetch(api('/catalogue/products'))).status).toBe(401);
  });

  it('leaves team tokens as decision 030 has them: their own routes, and team_forbidden for the rest, catalogue included', async () => {
    const token = await teamToken(fixture.server.stores.operators, 'equipe-panier', 'mf_cart');
    expect((await call(token, { method: 'GET', path: '/remotes/mf_cart/releases' })).status).toBe(200);
    expect((await call(token, { method: 'GET', path: '/previews' })).status).toBe(200);
    expect((await call(token, { method: 'GET', path: '/session' })).body).toEqual({ operator: 'equipe-panier', roles: [] });
    for (const path of ['/catalogue/products', '/orders', '/state', '/operators']) {
      const { status, body } = await call(token, { method: 'GET', path });
      expect([path, status, body?.error?.code]).toEqual([path, 403, 'team_forbidden']);
    }
  });
});
