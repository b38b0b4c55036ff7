import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATOR_ROLE_MESSAGES, OPERATOR_ROLES, type OperatorRole } from '@shop/contracts/operator-roles';
import { addOperatorWithCommand, type OperatorName } from './support/operations';
import { stackForThisFile } from './support/stack';
import { expect, test } from './support/test';

/**
 * Each operator's role allows its own work and nothing else (issue 61, decision 042), enforced by the API whatever the
 * console shows: one operator per role, created with `operators add NAME --role …`, asks the shop's real API one action
 * of each kind with their token.
 */
const HOLDERS: Record<OperatorRole, OperatorName> = { releases: 'nadia', catalogue: 'karim', orders: 'salma', admin: 'omar' };
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
const tokens = {} as Record<OperatorRole, string>;
const stack = stackForThisFile({
  env: { OPERATORS_FILE: operatorsFile },
  beforeStart: async () => {
    for (const role of OPERATOR_ROLES) tokens[role] = await addOperatorWithCommand(HOLDERS[role], { OPERATORS_FILE: operatorsFile }, [role]);
  },
});

/** Every kind of action, reading and writing, with the role it belongs to. */
const ACTIONS: ReadonlyArray<{ role: OperatorRole; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown }> = [
  { role: 'releases', method: 'GET', path: '/state' },
  { role: 'releases', method: 'POST', path: '/switch', body: { expectedRevision: 0, remotes: {} } },
  { role: 'releases', method: 'POST', path: '/canary', body: {} },
  { role: 'releases', method: 'GET', path: '/previews' },
  { role: 'releases', method: 'GET', path: '/teams' },
  { role: 'catalogue', method: 'GET', path: '/catalogue/products' },
  { role: 'catalogue', method: 'POST', path: '/catalogue/products', body: {} },
  { role: 'catalogue', method: 'POST', path: '/catalogue/products/sv-001/stock', body: { delta: 0, reason: '' } },
  { role: 'catalogue', method: 'GET', path: '/catalogue/audit' },
  { role: 'orders', method: 'GET', path: '/orders' },
  { role: 'orders', method: 'POST', path: '/orders/ABCD-EFGH/status', body: { status: 'confirmée' } },
  { role: 'admin', method: 'GET', path: '/operators' },
  { role: 'admin', method: 'PUT', path: '/operators/karim/roles', body: { roles: [] } },
  { role: 'admin', method: 'DELETE', path: '/operators/personne' },
];

test('each role is refused every action outside its work, through the API, and allowed its own', async ({ request }) => {
  const seen: string[] = [];
  for (const holder of OPERATOR_ROLES) {
    for (const action of ACTIONS) {
      const response = await request.fetch(`${stack.url}/operations/api${action.path}`, {
        method: action.method,
        headers: { Authorization: `Bearer ${tokens[holder]}` },
        ...(action.body === undefined ? {} : { data: action.body }),
      });
      const what = `${holder} ${action.method} ${action.path}: ${response.status()}`;
      seen.push(what);
      if (action.role === holder) {
        expect(response.status(), what).not.toBe(403);
        continue;
      }
      expect(response.status(), what).toBe(403);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code, what).toBe('role_forbidden');
      expect(body.error.message, what).toBe(OPERATOR_ROLE_MESSAGES.forbidden(action.role));
    }
  }
  expect(seen).toHaveLength(OPERATOR_ROLES.length * ACTIONS.length);
  // Who one is and what one may do stays open to every operator (the console's menu reads it).
  const session = await request.get(`${stack.url}/operations/api/session`, { headers: { Authorization: `Bearer ${tokens.catalogue}` } });
  expect(await session.json()).toMatchObject({ operator: 'karim', roles: ['catalogue'] });
});
