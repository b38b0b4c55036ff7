import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLE_MESSAGES } from '@shop/contracts/operator-roles';
import { redisForFile } from '../../test-support/for-file';
import { PASSWORD } from '../../test-support/test-release-control';
import { FileOperatorStore } from '../accounts/file-accounts';
import { RedisOperatorStore } from '../accounts/redis-accounts';
import { parseOperatorsArguments, USAGE } from './operators-arguments';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const redis = redisForFile();

/** The command as an operator runs it (`pnpm --filter @shop/release-control operators …`), the password on stdin. */
async function operators(args: string[], env: Record<string, string>, stdin = `${PASSWORD}\n`) {
  const child = spawn(join(packageDir, 'node_modules/.bin/tsx'), ['server/cli/operators-cli.ts', ...args], {
    cwd: packageDir,
    env: { ...process.env, REDIS_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/**
 * Each command is a Node process of its own that compiles the CLI's TypeScript with tsx and hashes a password: about a
 * second here, more on a fresh machine (tsx's cache is empty) or a busy one, and a test runs up to seven of them. The
 * bound only stops a command that hangs; it says nothing about speed.
 */
const SPAWNING = { timeout: 60_000 };

const fileEnv = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shop-operators-cli-'));
  return { env: { REMOTES_CONFIG: join(dir, 'remotes.json') }, store: new FileOperatorStore(join(dir, 'operators.json')) };
};

describe('the operators command’s arguments', () => {
  it('takes roles repeated or comma-separated, in the roles’ order without repeats', () => {
    expect(parseOperatorsArguments(['add', 'salma', '--role', 'orders', '--role=catalogue,orders'])).toEqual({ command: 'add', name: 'salma', roles: ['catalogue', 'orders'] });
    expect(parseOperatorsArguments(['add', 'salma'])).toEqual({ command: 'add', name: 'salma' });
    expect(parseOperatorsArguments(['roles', 'salma', '--role', 'admin'])).toEqual({ command: 'roles', name: 'salma', roles: ['admin'] });
    expect(parseOperatorsArguments(['list'])).toEqual({ command: 'list' });
    expect(parseOperatorsArguments(['remove', 'salma'])).toEqual({ command: 'remove', name: 'salma' });
  });

  it('refuses an unknown role, a role without a value, roles without a name, and `roles` without roles', () => {
    expect(parseOperatorsArguments(['add', 'salma', '--role', 'superuser'])).toEqual({ refused: OPERATOR_ROLE_MESSAGES.unknownRoles(['superuser']) });
    expect(parseOperatorsArguments(['add', 'salma', '--role'])).toHaveProperty('refused');
    expect(parseOperatorsArguments(['add', '--role', 'orders'])).toHaveProperty('refused');
    expect(parseOperatorsArguments(['roles', 'salma'])).toHaveProperty('refused');
    expect(parseOperatorsArguments(['remove', 'salma', '--role', 'orders'])).toHaveProperty('refused');
    expect(parseOperatorsArguments(['list', 'salma'])).toHaveProperty('refused');
  });
});

describe('operators add, roles and list, with the file beside the remotes file', SPAWNING, () => {
  it('gives a new operator every role when none is named, and says so', async () => {
    const { env, store } = await fileEnv();
    const added = await operators(['add', 'amina'], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.trim()).toMatch(/^op_[A-Za-z0-9_-]+$/);
    expect(added.stderr).toContain('Rôles : tous (releases, catalogue, orders, admin) (aucun --role donné : tous les rôles par défaut).');
    expect((await store.find('amina'))?.roles).toBeUndefined();
  });

  it('stores the roles named, changes them with `roles`, and lists each operator with theirs', async () => {
    const { env, store } = await fileEnv();
    expect((await operators(['add', 'salma', '--role', 'orders', '--role', 'catalogue'], env)).stderr).toContain('Rôles : catalogue, orders.');
    expect((await store.find('salma'))?.roles).toEqual(['catalogue', 'orders']);
    // Renewing the password keeps them.
    expect((await operators(['add', 'salma'], env, 'un-tout-nouveau-mot-de-passe\n')).stderr).toContain('Rôles : catalogue, orders (inchangés : aucun --role donné).');
    await operators(['add', 'amina'], env);

    const changed = await operators(['roles', 'salma', '--role', 'orders,admin'], env, '');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stderr).toMatch(/Rôles de salma \(.*\) : catalogue, orders → orders, admin\./);
    const listed = await operators(['list'], env, '');
    expect(listed.stdout.split('\n').sort()).toEqual(['', 'amina\treleases,catalogue,orders,admin', 'salma\torders,admin']);
    expect((await operators(['roles', 'personne', '--role', 'orders'], env, '')).code).toBe(1);
  });

  it('exits 2 with the usage for an unknown role, and changes nothing', async () => {
    const { env, store } = await fileEnv();
    const refused = await operators(['add', 'salma', '--role', 'superuser'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(OPERATOR_ROLE_MESSAGES.unknownRoles(['superuser']));
    expect(refused.stderr).toContain(USAGE);
    expect(await store.find('salma')).toBeUndefined();
  });
});

describe('operators with REDIS_URL', SPAWNING, () => {
  it('keeps the roles in Redis, where every shell reads them', async () => {
    const prefix = redis.prefix('cli');
    const env = { REDIS_URL: `redis://127.0.0.1:${redis.client().options.port}`, REDIS_PREFIX: prefix, REMOTES_CONFIG: join(tmpdir(), 'remotes.json') };
    expect((await operators(['add', 'youssef', '--role', 'releases'], env)).code).toBe(0);
    expect((await new RedisOperatorStore(redis.client(), prefix).find('youssef'))?.roles).toEqual(['releases']);
    expect((await operators(['roles', 'youssef', '--role', 'catalogue'], env, '')).code).toBe(0);
    expect((await operators(['list'], env, '')).stdout).toBe('youssef\tcatalogue\n');
  });
});
