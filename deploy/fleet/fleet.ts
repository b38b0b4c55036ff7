/**
 * Starting and stopping the fleet (fleet-plan.ts says what it is): what is not running yet is started, in order, each
 * member once those it needs are ready; starting again after a member died starts that member alone. Stopping goes by
 * the process ids the state file keeps. main.ts is the command; faults/fleet.ts drives the same functions.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRunning, startDaemon, stopDaemon, type DaemonSpec, type Started } from './daemons';
import { datastoresRoot, pgbouncerDaemon, redisDaemon } from './datastores';
import { backupStoreDaemon, pgbackrest, storeAnswers } from './backup-store';
import { etcdDaemon, leads, patroniDaemon, patroniPort, postgresPrimaryDaemon, serverStates, type RestoreBootstrap, type ServerState } from './postgres-servers';
import { loopbackSiteVcl, vclFolder } from '../varnish/vcl-folder';
import {
  fleetDir,
  fleetPorts,
  fleetRemotes,
  haproxyEnvironment,
  REPO_ROOT,
  shopMemberCommand,
  POSTGRES_SERVERS,
  START_ORDER,
  type FleetSettings,
  type MemberName,
  type PostgresServer,
} from './fleet-plan';
import { answersOk, createDatabaseWhenMissing, haproxyServersUp, pgAnswers, redisAnswers, waitUntil } from './readiness';

type State = Partial<Record<MemberName, Started>>;

const statePath = (settings: FleetSettings) => join(settings.dir, 'fleet.json');
const logFile = (settings: FleetSettings, name: MemberName) => join(settings.dir, 'logs', `${name}.log`);

export function readState(settings: FleetSettings): State {
  try {
    return JSON.parse(readFileSync(statePath(settings), 'utf8')) as State;
  } catch {
    return {};
  }
}

export const writeState = (settings: FleetSettings, state: State) => writeFileSync(statePath(settings), `${JSON.stringify(state, null, 2)}\n`);

/** The fleet's folder, its ports (FLEET_PORT_OFFSET) and its secrets, drawn once and kept in the folder (mode 0600). */
export function fleetSettings(env: NodeJS.ProcessEnv = process.env): FleetSettings {
  const dir = fleetDir(env);
  mkdirSync(join(dir, 'logs'), { recursive: true });
  mkdirSync(join(dir, 'run'), { recursive: true });
  const secretsFile = join(dir, 'secrets.json');
  if (!existsSync(secretsFile)) {
    const secret = () => randomBytes(24).toString('hex');
    writeFileSync(secretsFile, JSON.stringify({ sessionKey: secret(), adminToken: secret(), metricsToken: secret() }), { mode: 0o600 });
  }
  const ports = fleetPorts(env);
  const remotesFile = join(dir, 'remotes.json');
  if (!existsSync(remotesFile)) writeFileSync(remotesFile, `${JSON.stringify(fleetRemotes(ports), null, 2)}\n`);
  return { dir, ports, logLevel: env.LOG_LEVEL || 'info', secrets: JSON.parse(readFileSync(secretsFile, 'utf8')) as FleetSettings['secrets'] };
}

const isPostgresServer = (name: MemberName): name is PostgresServer => (POSTGRES_SERVERS as readonly string[]).includes(name);

function daemonSpec(settings: FleetSettings, name: MemberName, restore?: RestoreBootstrap): DaemonSpec {
  const log = logFile(settings, name);
  if (name === 'etcd') return etcdDaemon(settings, log);
  if (name === 'backup-store') return backupStoreDaemon(settings, log);
  if (isPostgresServer(name)) return patroniDaemon(settings, name, log, restore);
  if (name === 'postgres-primary') return postgresPrimaryDaemon(settings, log);
  if (name === 'pgbouncer') return pgbouncerDaemon(settings, log);
  if (name === 'redis') return redisDaemon(settings, log);
  if (name === 'haproxy') {
    return {
      command: process.env.HAPROXY ?? 'haproxy',
      args: ['-db', '-f', join(REPO_ROOT, 'deploy/haproxy/haproxy.cfg')],
      cwd: settings.dir,
      env: { PATH: process.env.PATH, ...haproxyEnvironment(settings), HAPROXY_LOG_LEVEL: process.env.HAPROXY_LOG_LEVEL ?? 'notice' },
      logFile: log,
    };
  }
  if (name === 'varnish') {
    // Its folder is one varnishd's own user can read (vcl-folder.ts); the cache itself lives in memory.
    const root = join(datastoresRoot(settings), 'varnish');
    mkdirSync(root, { recursive: true, mode: 0o755 });
    chmodSync(root, 0o755);
    return {
      command: process.env.VARNISHD ?? 'varnishd',
      args: [
        '-F',
        '-n', join(root, 'work'),
        '-a', `127.0.0.1:${settings.ports.varnish}`,
        ...vclFolder(join(root, 'vcl'), loopbackSiteVcl(settings.ports.edgeBackend)),
        '-s', `malloc,${process.env.VARNISH_MEMORY ?? '256m'}`,
      ],
      cwd: settings.dir,
      env: { PATH: process.env.PATH },
      logFile: log,
    };
  }
  const member = shopMemberCommand(settings, name)!;
  return { command: member.command, args: member.args, cwd: member.cwd, env: member.env, logFile: log };
}

/** Resolves once the member serves; throws with the end of its log when it does not within the deadline. */
async function ready(settings: FleetSettings, name: MemberName, started: Started): Promise<void> {
  const { ports } = settings;
  const check = async (): Promise<boolean> => {
    if (!isRunning(started)) throw new Error(`${name} exited`);
    switch (name) {
      case 'etcd':
        return answersOk(`http://127.0.0.1:${ports.etcd}/health`);
      case 'backup-store':
        return storeAnswers(settings);
      case 'postgres-1':
      case 'postgres-2':
        // Its PostgreSQL runs, as the primary or a standby that follows it (a new cluster's postgres-2 copies first).
        return answersOk(`http://127.0.0.1:${patroniPort(settings, name)}/health`);
      case 'postgres-primary':
        return pgAnswers(`postgres://shop@127.0.0.1:${ports['postgres-primary']}/postgres`);
      case 'pgbouncer':
        return pgAnswers(`postgres://shop@127.0.0.1:${ports.pgbouncer}/shop`);
      case 'redis':
        return redisAnswers(ports.redis);
      case 'haproxy':
        return haproxyServersUp(ports.haproxyMetrics, ['cart_services', 'release_mf_frame', 'release_mf_cart', 'release_mf_catalog_pages', 'edge/varnish-1']);
      case 'varnish':
        return answersOk(`http://127.0.0.1:${ports.varnish}/edge/varnish-up`);
      default:
        return answersOk(shopMemberCommand(settings, name)!.readyUrl!);
    }
  };
  try {
    await waitUntil(check, 60_000);
  } catch (error) {
    const log = readFileSync(logFile(settings, name), 'utf8').slice(-2_000);
    throw new Error(`${name} is not ready: ${(error as Error).message}\n--- ${logFile(settings, name)} (end) ---\n${log}`, { cause: error });
  }
}

/**
 * Starts every member not running, in order, each once those it needs are ready. Answers what it started. `restore`:
 * a PostgreSQL server started with an empty data folder and no cluster in etcd fills it from the backup store.
 */
export async function fleetUp(settings: FleetSettings, log: (line: string) => void = () => undefined, restore?: RestoreBootstrap): Promise<MemberName[]> {
  const state = readState(settings);
  const startedNow: MemberName[] = [];
  for (const step of START_ORDER) {
    await Promise.all(
      step.map(async (name) => {
        const known = state[name];
        if (known && isRunning(known)) return;
        const started = startDaemon(daemonSpec(settings, name, restore));
        state[name] = started;
        writeState(settings, state);
        startedNow.push(name);
        log(`${name} démarré (pid ${started.pid})`);
        await ready(settings, name, started);
        log(`${name} prêt`);
      }),
    );
    if (step.includes('postgres-primary')) await prepareDatabase(settings);
  }
  // HAProxy sends to each shell and cart-service only once its checks pass: the fleet is ready when they all have.
  await waitUntil(() => haproxyServersUp(settings.ports.haproxyMetrics, ['shells', 'shells_api', 'cart_services', 'edge/varnish-1']), 30_000);
  // An order is acknowledged once two servers hold it: ready when one server leads and the other is its synchronous
  // standby (a standby that rejoined after a failure streams what it missed first).
  await waitUntil(async () => synchronous(await serverStates(settings, POSTGRES_SERVERS)), 60_000);
  return startedNow;
}

/**
 * Through the primary: the shop's database exists (cart-service migrates it), and so does pgBackRest's stanza, so
 * that WAL is archived from the first start. Both are idempotent; pgBackRest's also checks the stanza matches.
 */
async function prepareDatabase(settings: FleetSettings): Promise<void> {
  await waitUntil(() => createDatabaseWhenMissing(`postgres://shop@127.0.0.1:${settings.ports['postgres-primary']}/postgres`, 'shop'), 30_000);
  pgbackrest(settings, ['stanza-create']);
}

const synchronous = (states: ServerState[]) => states.some(leads) && states.some((s) => s.sync && s.state === 'running');

/**
 * The order members stop in: the reverse of START_ORDER, but the PostgreSQL servers' standbys before their leader,
 * so that no standby takes over from a leader stopped first.
 */
async function stopOrder(settings: FleetSettings): Promise<MemberName[][]> {
  const leaders = new Set((await serverStates(settings, POSTGRES_SERVERS)).filter(leads).map((s) => s.server));
  const servers = [...POSTGRES_SERVERS].sort((a, b) => Number(leaders.has(a)) - Number(leaders.has(b)));
  const steps = [...START_ORDER].reverse().filter((step) => !step.some(isPostgresServer));
  const at = steps.findIndex((step) => step.includes('pgbouncer')) + 1;
  return [...steps.slice(0, at), ...servers.map((server) => [server]), ...steps.slice(at)];
}

/** The reverse order: the shells drain first, the datastores stop last. */
export async function fleetDown(settings: FleetSettings, log: (line: string) => void = () => undefined): Promise<void> {
  const state = readState(settings);
  const order = await stopOrder(settings);
  // A member the state file names but this fleet no longer has (a fleet started by an older checkout): stopped last.
  const known = new Set(order.flat() as string[]);
  const leftovers = (Object.keys(state) as MemberName[]).filter((name) => !known.has(name));
  for (const step of [...order, leftovers]) {
    await Promise.all(
      step.map(async (name) => {
        const started = state[name];
        if (!started) return;
        // Patroni stops its PostgreSQL (fast shutdown, a checkpoint) before it exits; PgBouncer's and HAProxy's
        // SIGTERM are already immediate.
        const outcome = await stopDaemon(started, isPostgresServer(name) ? { graceMs: 30_000 } : known.has(name) ? {} : { signal: 'SIGINT' });
        delete state[name];
        writeState(settings, state);
        log(`${name} ${outcome === 'gone' ? 'ne tournait plus' : outcome === 'killed' ? 'tué (SIGKILL)' : 'arrêté'} (pid ${started.pid})`);
      }),
    );
  }
}

export function fleetStatus(settings: FleetSettings): Array<{ name: MemberName; pid?: number; running: boolean }> {
  const state = readState(settings);
  return START_ORDER.flat().map((name) => ({ name, ...(state[name] ? { pid: state[name]!.pid } : {}), running: !!state[name] && isRunning(state[name]!) }));
}
