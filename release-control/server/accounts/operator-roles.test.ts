import { describe, expect, it } from 'vitest';
import type { OperationsErrorBody, OperatorsListing } from '@shop/contracts/operations';
import { OPERATOR_ROLE_MESSAGES, OPERATOR_ROLES } from '@shop/contracts/operator-roles';
import { addOperator } from './add-operator';
import { releaseControlForFile } from '../../test-support/for-file';
import { PASSWORD } from '../../test-support/test-release-control';

const logged: Array<{ object: Record<string, unknown>; message: string }> = [];
const log = {
  // Release control logs `(object, message)`; a bare message (the overloads' other form) is kept as such.
  info: (object: object | string, message?: string) =>
    void logged.push(typeof object === 'string' ? { object: {}, message: object } : { object: object as Record<string, unknown>, message: message ?? '' }),
  warn: () => undefined,
  error: () => undefined,
};
const fixture = releaseControlForFile({ log });

const putRoles = (name: string, body: unknown, token = fixture.server.token) =>
  fetch(`${fixture.server.url}/operations/api/operators/${name}/roles`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const errorOf = async (answer: Response) => ((await answer.json()) as OperationsErrorBody).error;
const stateWith = (token: string) => fetch(`${fixture.server.url}/operations/api/state`, { headers: { Authorization: `Bearer ${token}` } });

describe('an operator’s roles, changed from the console’s API (admin role)', () => {
  it('lists every operator with their roles, every role for one created before roles existed', async () => {
    await addOperator(fixture.server.stores.operators, 'salma', PASSWORD, ['orders', 'catalogue']);
    const answer = await fetch(`${fixture.server.url}/operations/api/operators`, { headers: { Authorization: `Bearer ${fixture.server.token}` } });
    const { operators } = (await answer.json()) as OperatorsListing;
    expect(operators.map(({ name, roles }) => ({ name, roles }))).toEqual([
      { name: 'amina', roles: [...OPERATOR_ROLES] },
      // In OPERATOR_ROLES' order, whatever order they were given in.
      { name: 'salma', roles: ['catalogue', 'orders'] },
    ]);
  });

  it('changes them at the operator’s next request, keeping their token, and logs who changed whose, before and after', async () => {
    const { token } = await addOperator(fixture.server.stores.operators, 'omar', PASSWORD);
    expect((await stateWith(token)).status).toBe(200);

    const changed = await putRoles('omar', { roles: ['orders', 'orders'] });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as OperatorsListing).operators.find((operator) => operator.name === 'omar')?.roles).toEqual(['orders']);
    expect((await stateWith(token)).status).toBe(403);
    expect(logged).toContainEqual({ message: 'operator roles changed', object: { operator: 'amina', changed: 'omar', before: [...OPERATOR_ROLES], after: ['orders'] } });

    expect((await putRoles('omar', { roles: ['releases', 'orders'] })).status).toBe(200);
    expect((await stateWith(token)).status).toBe(200);
  });

  it('refuses unknown or no roles (400), an unknown operator (404), in the envelope, and changes nothing', async () => {
    await addOperator(fixture.server.stores.operators, 'nadia', PASSWORD, ['orders']);
    for (const [body, message] of [
      [{ roles: [] }, OPERATOR_ROLE_MESSAGES.noRoles],
      [{}, OPERATOR_ROLE_MESSAGES.noRoles],
      [{ roles: 'orders' }, OPERATOR_ROLE_MESSAGES.noRoles],
      [{ roles: ['orders', 'superuser'] }, OPERATOR_ROLE_MESSAGES.unknownRoles(['superuser'])],
    ] as const) {
      const refused = await putRoles('nadia', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(refused)).toEqual({ code: 'validation_failed', message });
    }
    expect((await fixture.server.stores.operators.find('nadia'))?.roles).toEqual(['orders']);

    const unknown = await putRoles('personne', { roles: ['orders'] });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ code: 'operator_not_found', message: 'Aucun opérateur ne s’appelle « personne ».' });
  });

  it('refuses an admin taking the admin role away from themselves (409); another admin may', async () => {
    const own = await putRoles('amina', { roles: ['releases'] });
    expect(own.status).toBe(409);
    expect(await errorOf(own)).toEqual({ code: 'own_admin_role', message: OPERATOR_ROLE_MESSAGES.ownAdminRole });
    expect((await fixture.server.stores.operators.find('amina'))?.roles).toBeUndefined();
    // Keeping admin while dropping the rest is one's own business.
    const { token } = await addOperator(fixture.server.stores.operators, 'rachid', PASSWORD, ['admin', 'orders']);
    expect((await putRoles('rachid', { roles: ['admin'] }, token)).status).toBe(200);
    expect((await putRoles('rachid', { roles: ['orders'] })).status).toBe(200);
    expect((await putRoles('amina', { roles: ['admin'] }, token)).status).toBe(403);
  });

  it('is an admin’s: another operator gets 403 role_forbidden', async () => {
    const { token } = await addOperator(fixture.server.stores.operators, 'karim', PASSWORD, ['releases', 'catalogue', 'orders']);
    const refused = await putRoles('karim', { roles: [...OPERATOR_ROLES] }, token);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: 'role_forbidden', message: OPERATOR_ROLE_MESSAGES.forbidden('admin') });
  });
});
