import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@shop/contracts/operator-roles';
import { redisForFile } from '../../test-support/for-file';
import { PASSWORD } from '../../test-support/test-release-control';
import type { OperatorStore } from '../shared/operator-store';
import { digest } from '../shared/secrets';
import { accountIdentities } from './identities';
import { addOperator } from './add-operator';
import { FileOperatorStore, MemorySessionStore } from './file-accounts';
import { listOperators, setOperatorRoles } from './operator-accounts';
import { RedisOperatorStore } from './redis-accounts';

const redis = redisForFile();

/** An operator's record as both stores wrote it before roles existed: no `roles` field at all. */
const legacyRecord = { name: 'ancien', passwordHash: 'scrypt$legacy', tokenHash: digest('op_legacy-token-0123456789'), createdAt: '2026-11-25T10:00:00.000Z' };

const stores: ReadonlyArray<[string, () => Promise<{ store: OperatorStore; reopen(): OperatorStore }>]> = [
  [
    'FileOperatorStore',
    async () => {
      const path = join(await mkdtemp(join(tmpdir(), 'shop-operators-')), 'operators.json');
      return { store: new FileOperatorStore(path), reopen: () => new FileOperatorStore(path) };
    },
  ],
  [
    'RedisOperatorStore',
    async () => {
      const prefix = redis.prefix('operators');
      return { store: new RedisOperatorStore(redis.client(), prefix), reopen: () => new RedisOperatorStore(redis.client(), prefix) };
    },
  ],
];

describe.each(stores)('%s keeps operators’ roles (decision 042)', (_, open) => {
  it('stores the roles given, and another shell (or the command) reads them back', async () => {
    const { store, reopen } = await open();
    expect((await addOperator(store, 'salma', PASSWORD, ['orders', 'catalogue'])).roles).toEqual(['catalogue', 'orders']);
    expect((await reopen().find('salma'))?.roles).toEqual(['catalogue', 'orders']);
  });

  it('keeps the roles when the password is renewed without new ones, and replaces them when given', async () => {
    const { store, reopen } = await open();
    await addOperator(store, 'omar', PASSWORD, ['orders']);
    expect((await addOperator(store, 'omar', 'un-tout-nouveau-mot-de-passe')).roles).toEqual(['orders']);
    expect((await reopen().find('omar'))?.roles).toEqual(['orders']);
    await addOperator(store, 'omar', PASSWORD, ['releases']);
    expect((await reopen().find('omar'))?.roles).toEqual(['releases']);
  });

  it('changes the roles alone: the password, the token and its lookup stay', async () => {
    const { store, reopen } = await open();
    const { token } = await addOperator(store, 'nadia', PASSWORD, ['orders']);
    const before = await store.find('nadia');
    expect(await setOperatorRoles(store, 'nadia', ['admin', 'orders'])).toEqual({ before: ['orders'], after: ['orders', 'admin'] });
    expect(await reopen().find('nadia')).toEqual({ ...before, roles: ['orders', 'admin'] });
    expect((await reopen().findByToken(token))?.name).toBe('nadia');
    expect(await setOperatorRoles(store, 'personne', ['admin'])).toBeUndefined();
  });

  it('gives a record written before roles existed every role, until they are changed', async () => {
    const { store, reopen } = await open();
    await store.save(legacyRecord);
    const identities = accountIdentities(reopen(), new MemorySessionStore());
    expect(await identities.byToken('op_legacy-token-0123456789')).toEqual({ name: 'ancien', roles: [...OPERATOR_ROLES] });
    expect((await listOperators(reopen())).map((record) => record.roles)).toEqual([undefined]);
    expect((await setOperatorRoles(store, 'ancien', ['releases']))?.before).toEqual([...OPERATOR_ROLES]);
    expect(await identities.byToken('op_legacy-token-0123456789')).toEqual({ name: 'ancien', roles: ['releases'] });
  });
});

describe('FileOperatorStore', () => {
  it('reads an operators.json written before roles existed as it is, and writes roles only for those who have them', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'shop-operators-')), 'operators.json');
    await writeFile(path, JSON.stringify({ operators: [legacyRecord] }), { mode: 0o600 });
    const store = new FileOperatorStore(path);
    await addOperator(store, 'salma', PASSWORD, ['orders']);
    const written = JSON.parse(await readFile(path, 'utf8')) as { operators: Array<Record<string, unknown>> };
    expect(written.operators.map((operator) => [operator['name'], operator['roles']])).toEqual([
      ['ancien', undefined],
      ['salma', ['orders']],
    ]);
  });
});
