/**
 * The fleet's database tier (decision 046): etcd, two PostgreSQL servers each under its Patroni, and HAProxy's
 * postgres-primary in front of whichever leads, by Patroni's REST checks (Patroni's documented pattern). PgBouncer
 * connects to postgres-primary, so cart-service always reaches the current primary. Patroni and PostgreSQL refuse
 * root: as root they run as the unprivileged `postgres` (or `nobody`) user, owning their folders.
 */
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
// Where PostgreSQL is and whom it runs as: the same answers as for cart-service's throwaway test servers.
import { postgresBinDir, unprivilegedUser } from '../../cart-service/src/test-support/postgres-server';
import { startTimeOf, stopDaemon, type DaemonSpec } from './daemons';
import { datastoresRoot, ownedFolder } from './datastores';
import { writePgbackrestFile, PGBACKREST_STANZA } from './backup-store';
import { REPO_ROOT, type FleetSettings, type PostgresServer } from './fleet-plan';
import { withPg } from './readiness';

/** Patroni's REST port of each server. */
export const patroniPort = (settings: FleetSettings, server: PostgresServer) => settings.ports[server === 'postgres-1' ? 'patroni-1' : 'patroni-2'];

/** Where a server keeps its data, its sockets and Patroni's file. */
export function serverFolders(settings: FleetSettings, server: PostgresServer): { root: string; data: string } {
  const root = join(datastoresRoot(settings), server);
  return { root, data: join(root, 'data') };
}

/** One etcd member: the fleet runs on one machine, where three members would survive nothing more than one does. */
export function etcdDaemon(settings: FleetSettings, logFile: string): DaemonSpec {
  const dir = join(settings.dir, 'etcd');
  mkdirSync(dir, { recursive: true });
  const client = `http://127.0.0.1:${settings.ports.etcd}`;
  const peer = `http://127.0.0.1:${settings.ports.etcdPeer}`;
  return {
    command: process.env.ETCD ?? 'etcd',
    args: [
      '--name', 'fleet',
      '--data-dir', join(dir, 'data'),
      '--listen-client-urls', client,
      '--advertise-client-urls', client,
      '--listen-peer-urls', peer,
      '--initial-advertise-peer-urls', peer,
      '--initial-cluster', `fleet=${peer}`,
      '--log-level', 'warn',
    ],
    cwd: dir,
    env: { PATH: process.env.PATH },
    logFile,
  };
}

/**
 * How a server's first start fills its empty data folder when the cluster is restored (`fleet restore`): pgBackRest
 * restores the newest backup and PostgreSQL replays the archived WAL up to `target` (a time), or to the end.
 */
export interface RestoreBootstrap {
  target?: string;
}

/** Patroni's file for one server: the shop's policy (deploy/patroni/patroni.yml) and this server's own settings. */
export function patroniConfig(settings: FleetSettings, server: PostgresServer, restore?: RestoreBootstrap): Record<string, unknown> {
  const policy = parse(readFileSync(join(REPO_ROOT, 'deploy/patroni/patroni.yml'), 'utf8')) as { postgresql: object; bootstrap: object; scope: string };
  const { root, data } = serverFolders(settings, server);
  const port = settings.ports[server];
  const rest = patroniPort(settings, server);
  const config: Record<string, unknown> = {
    ...policy,
    name: server,
    restapi: { listen: `127.0.0.1:${rest}`, connect_address: `127.0.0.1:${rest}` },
    etcd3: { hosts: `127.0.0.1:${settings.ports.etcd}` },
    postgresql: {
      ...policy.postgresql,
      listen: `127.0.0.1:${port}`,
      connect_address: `127.0.0.1:${port}`,
      data_dir: data,
      bin_dir: postgresBinDir(),
      pgpass: join(root, 'pgpass'),
      parameters: { unix_socket_directories: root },
    },
  };
  if (restore) {
    // Patroni splits the command as a shell would: the time, which holds a space, is quoted.
    const target = restore.target ? ['--type=time', `--target=${JSON.stringify(restore.target)}`, '--target-action=promote'] : [];
    // pgBackRest writes the recovery settings (restore_command, the target) that Patroni keeps for the first start.
    config.bootstrap = {
      ...policy.bootstrap,
      method: 'pgbackrest',
      pgbackrest: { command: ['pgbackrest', 'restore', ...target].join(' '), keep_existing_recovery_conf: true, no_params: true },
    };
  }
  return config;
}

/** Writes the server's Patroni file (patroniConfig) where its user can read it; answers its path. */
export function writePatroniFile(settings: FleetSettings, server: PostgresServer, restore?: RestoreBootstrap): string {
  const user = unprivilegedUser();
  const { root } = serverFolders(settings, server);
  ownedFolder(root, user);
  const file = join(root, 'patroni.yml');
  writeFileSync(file, stringify(patroniConfig(settings, server, restore)));
  if (user) chownSync(file, user.uid, user.gid);
  return file;
}

export function patroniDaemon(settings: FleetSettings, server: PostgresServer, logFile: string, restore?: RestoreBootstrap): DaemonSpec {
  const user = unprivilegedUser();
  const { root } = serverFolders(settings, server);
  const file = writePatroniFile(settings, server, restore);
  return {
    command: process.env.PATRONI ?? 'patroni',
    args: [file],
    cwd: root,
    // PostgreSQL's archive_command and restore_command run pgBackRest with these, as on a server with its own file.
    env: { PATH: process.env.PATH, PGBACKREST_CONFIG: writePgbackrestFile(settings, server), PGBACKREST_STANZA, PYTHONUNBUFFERED: '1' },
    logFile,
    ...(user ? { user } : {}),
  };
}

/** HAProxy's postgres-primary (deploy/haproxy/postgres.cfg): the port PgBouncer connects to, sent to the leader only. */
export function postgresPrimaryDaemon(settings: FleetSettings, logFile: string): DaemonSpec {
  const { ports } = settings;
  const at = (port: number) => `127.0.0.1:${port}`;
  return {
    command: process.env.HAPROXY ?? 'haproxy',
    args: ['-db', '-f', join(REPO_ROOT, 'deploy/haproxy/postgres.cfg')],
    cwd: settings.dir,
    env: {
      PATH: process.env.PATH,
      POSTGRES_PRIMARY_BIND: at(ports['postgres-primary']),
      POSTGRES_1_ADDR: at(ports['postgres-1']),
      POSTGRES_2_ADDR: at(ports['postgres-2']),
      PATRONI_1_PORT: String(ports['patroni-1']),
      PATRONI_2_PORT: String(ports['patroni-2']),
      HAPROXY_LOG_LEVEL: process.env.HAPROXY_LOG_LEVEL ?? 'notice',
    },
    logFile,
  };
}

export interface ServerState {
  server: PostgresServer;
  /** Patroni's answer: `master` (3.0's word for the primary) or `replica`; undefined when nothing answers. */
  role?: string;
  /** `running`, `starting`, `stopped`…; undefined when nothing answers. */
  state?: string;
  timeline?: number;
  /** This server is the synchronous standby: the primary's commits wait for it. */
  sync?: boolean;
}

/** What each server's Patroni says of it (`GET /patroni` answers its role, state and sync standing, whatever its health). */
export async function serverStates(settings: FleetSettings, servers: readonly PostgresServer[]): Promise<ServerState[]> {
  return Promise.all(
    servers.map(async (server) => {
      try {
        const answer = await fetch(`http://127.0.0.1:${patroniPort(settings, server)}/patroni`, { signal: AbortSignal.timeout(2_000) });
        const body = (await answer.json()) as { role?: string; state?: string; timeline?: number; sync_standby?: boolean };
        return { server, role: body.role, state: body.state, timeline: body.timeline, sync: body.sync_standby === true };
      } catch {
        return { server };
      }
    }),
  );
}

export const leads = (state: ServerState) => state.role === 'master' || state.role === 'primary';

/** Whether this server's data folder was ever filled (a cluster to join or lead). */
export const hasData = (settings: FleetSettings, server: PostgresServer) => existsSync(join(serverFolders(settings, server).data, 'PG_VERSION'));

/** The PostgreSQL server process running on this server's data folder (postmaster.pid), if one lives. */
export function postmasterPid(settings: FleetSettings, server: PostgresServer): number | undefined {
  try {
    const pid = Number(readFileSync(join(serverFolders(settings, server).data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 && startTimeOf(pid) !== undefined ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stops a PostgreSQL left running without its Patroni (Patroni was killed: PostgreSQL runs in a session of its own,
 * outside Patroni's process group): fast shutdown, then SIGKILL after 30 s.
 */
export async function stopOrphanPostgres(settings: FleetSettings, server: PostgresServer): Promise<void> {
  const pid = postmasterPid(settings, server);
  if (pid !== undefined) await stopDaemon({ pid, startedAt: startTimeOf(pid) ?? 0 }, { signal: 'SIGINT', graceMs: 30_000 });
}

/** The primary's synchronous_standby_names, through postgres-primary: empty while it commits without a standby. */
export async function synchronousStandbyNames(settings: FleetSettings): Promise<string> {
  const url = `postgres://shop@127.0.0.1:${settings.ports['postgres-primary']}/shop`;
  const names = await withPg(url, async (client) => String((await client.query('SHOW synchronous_standby_names')).rows[0].synchronous_standby_names));
  if (names === false) throw new Error('the primary does not answer through postgres-primary');
  return names;
}
