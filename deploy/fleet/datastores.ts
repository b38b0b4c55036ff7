/**
 * The fleet's datastores, started as daemons: PgBouncer in front of the PostgreSQL primary (postgres-servers.ts) with
 * the shop's pooling policy (deploy/pgbouncer/pgbouncer.ini), and Redis. PgBouncer refuses to run as root, so as root
 * it runs as the unprivileged `postgres` (or `nobody`) user, owning its folder.
 */
// Whom PgBouncer runs as as root: the same answer as for cart-service's throwaway test servers.
import { unprivilegedUser } from '../../cart-service/src/test-support/postgres-server';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, type FleetSettings } from './fleet-plan';
import type { DaemonSpec } from './daemons';

/**
 * Where PostgreSQL's and PgBouncer's folders live: in the fleet's folder, unless they run as another user, who cannot
 * be assumed to reach it (a checkout in root's home is closed to others); then in a folder of the system's temporary
 * space named after the fleet's, kept across `fleet down` as the fleet's own would be.
 */
export function datastoresRoot(settings: FleetSettings): string {
  if (!unprivilegedUser()) return settings.dir;
  const root = join(tmpdir(), `maison-argane-fleet-${createHash('sha256').update(settings.dir).digest('hex').slice(0, 12)}`);
  mkdirSync(root, { recursive: true, mode: 0o755 });
  return root;
}

/** A folder the unprivileged user owns (created when missing). */
export function ownedFolder(path: string, user: { uid: number; gid: number } | undefined): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (user) chownSync(path, user.uid, user.gid);
  return path;
}

/**
 * Runs a database tool (pgBackRest, patronictl) as the user the database runs as, from `/` (a private checkout may be
 * closed to that user). Answers its output; throws with it when the tool fails.
 */
export function runAsDatabaseUser(command: string, args: string[], input?: string): string {
  const result = spawnSync(command, args, { input, encoding: 'utf8', cwd: '/', ...(unprivilegedUser() ?? {}) });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || result.stdout).trim()}`);
  return result.stdout;
}

/** PgBouncer's file for this fleet: where PostgreSQL is, where to listen, who may connect; the policy is included. */
export function pgbouncerDaemon(settings: FleetSettings, logFile: string): DaemonSpec {
  const user = unprivilegedUser();
  const root = ownedFolder(join(datastoresRoot(settings), 'pgbouncer'), user);
  writeFileSync(join(root, 'users.txt'), '"shop" ""\n');
  const ini = join(root, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `shop = host=127.0.0.1 port=${settings.ports['postgres-primary']} dbname=shop`,
      '[pgbouncer]',
      // Its lines, not an %include: PgBouncer runs as another user, who may not read the repository.
      readFileSync(join(REPO_ROOT, 'deploy/pgbouncer/pgbouncer.ini'), 'utf8'),
      'listen_addr = 127.0.0.1',
      `listen_port = ${settings.ports.pgbouncer}`,
      `unix_socket_dir = ${root}`,
      // Loopback only, a throwaway cluster: production authenticates (auth_type scram-sha-256 and its users file).
      'auth_type = trust',
      `auth_file = ${join(root, 'users.txt')}`,
      '',
    ].join('\n'),
  );
  if (user) for (const file of ['users.txt', 'pgbouncer.ini']) chownSync(join(root, file), user.uid, user.gid);
  return { command: process.env.PGBOUNCER ?? 'pgbouncer', args: [ini], cwd: '/', env: { PATH: process.env.PATH }, logFile, ...(user ? { user } : {}) };
}

export function redisDaemon(settings: FleetSettings, logFile: string): DaemonSpec {
  const dir = join(settings.dir, 'redis');
  mkdirSync(dir, { recursive: true });
  return {
    command: process.env.REDIS_SERVER ?? 'redis-server',
    // The live configuration, operators and sessions: kept across restarts in an append-only file.
    args: ['--port', String(settings.ports.redis), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
    cwd: dir,
    env: { PATH: process.env.PATH },
    logFile,
  };
}
