import { describe, expect, it } from 'vitest';
import type { OperationsErrorBody, OperatorsListing } from '@shop/contracts/operations';
import { addOperator } from './add-operator';
import { releaseControlForFile } from '../../test-support/for-file';
import { PASSWORD } from '../../test-support/test-release-control';

const fixture = releaseControlForFile();

/** A console session of `name`: the cookie the login answers. */
async function sessionOf(name: string, password = PASSWORD): Promise<string> {
  const answer = await fetch(`${fixture.server.url}/operations/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fixture.server.url },
    body: new URLSearchParams({ name, password }),
  });
  expect(answer.status).toBe(303);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

const stateWith = (headers: Record<string, string>) => fetch(`${fixture.server.url}/operations/api/state`, { headers });
const removeOperator = (name: string, token = fixture.server.token) =>
  fetch(`${fixture.server.url}/operations/api/operators/${name}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });

describe('an operator’s sessions and token', () => {
  it('end when the operator is given a new password: the old cookie and the old token answer 401', async () => {
    const { token } = await addOperator(fixture.server.stores.operators, 'youssef', PASSWORD);
    const session = await sessionOf('youssef');
    expect((await stateWith({ Cookie: session })).status).toBe(200);
    expect((await stateWith({ Authorization: `Bearer ${token}` })).status).toBe(200);

    const renewed = await addOperator(fixture.server.stores.operators, 'youssef', 'un-tout-nouveau-mot-de-passe');
    expect((await stateWith({ Cookie: session })).status).toBe(401);
    expect((await stateWith({ Authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await stateWith({ Authorization: `Bearer ${renewed.token}` })).status).toBe(200);
    expect((await stateWith({ Cookie: await sessionOf('youssef', 'un-tout-nouveau-mot-de-passe') })).status).toBe(200);
  });

  it('end when another operator removes the account from the console; the list no longer names it', async () => {
    const { token } = await addOperator(fixture.server.stores.operators, 'karim', PASSWORD);
    const session = await sessionOf('karim');
    const listed = (await (await fetch(`${fixture.server.url}/operations/api/operators`, { headers: { Authorization: `Bearer ${fixture.server.token}` } })).json()) as OperatorsListing;
    expect(listed.operators.map((operator) => operator.name)).toContain('karim');
    expect(JSON.stringify(listed)).not.toMatch(/Hash|scrypt/);

    const removed = await removeOperator('karim');
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as OperatorsListing).operators.map((operator) => operator.name)).not.toContain('karim');
    expect((await stateWith({ Cookie: session })).status).toBe(401);
    expect((await stateWith({ Authorization: `Bearer ${token}` })).status).toBe(401);
    expect(await fixture.server.stores.operators.find('karim')).toBeUndefined();
  });

  it('refuses to remove an unknown operator (404) or one’s own account (409), in French', async () => {
    const unknown = await removeOperator('personne');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as OperationsErrorBody).error).toEqual({ code: 'operator_not_found', message: 'Aucun opérateur ne s’appelle « personne ».' });
    const own = await removeOperator('amina');
    expect(own.status).toBe(409);
    expect(((await own.json()) as OperationsErrorBody).error.code).toBe('own_account');
    expect(await fixture.server.stores.operators.find('amina')).toBeDefined();
  });
});
