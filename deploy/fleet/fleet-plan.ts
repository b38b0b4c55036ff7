/**
 * What `pnpm fleet` runs on one machine, on loopback: HAProxy in front of two shells and two cart-services; two
 * PostgreSQL servers under Patroni (etcd its store), HAProxy's postgres-primary in front of whichever leads, PgBouncer
 * in front of that; WAL and backups in an S3-compatible backup store (pgBackRest); Redis; each remote's release server. Pure: ports, folders, commands and environments, so the
 * runner (fleet.ts) and the fleet fault test (faults/fleet.ts) agree on them.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { environmentFor, PORT_VARIABLES, type ShopProcess } from '@shop/contracts/ports';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from '@shop/contracts/remotes';

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** The fleet's ports; FLEET_PORT_OFFSET moves them all (a second fleet, the fault test's). */
export const FLEET_PORTS = {
  public: 8080,
  varnish: 8081,
  edgeBackend: 8082,
  cartServiceInternal: 8090,
  haproxyMetrics: 8405,
  'shell-1': 3010,
  'shell-2': 3011,
  'cart-service-1': 4010,
  'cart-service-2': 4011,
  'mf-frame': 3021,
  'mf-cart': 3022,
  'mf-catalog-pages': 3023,
  /** HAProxy's postgres-primary: the current primary, by Patroni's REST checks. PgBouncer connects here. */
  'postgres-primary': 5440,
  'postgres-1': 5441,
  'postgres-2': 5442,
  /** Each server's Patroni REST API (its role, its health). */
  'patroni-1': 8441,
  'patroni-2': 8442,
  etcd: 2390,
  etcdPeer: 2391,
  /** The S3-compatible store of WAL and backups (HTTPS, a certificate authority of the fleet's own). */
  'backup-store': 9440,
  pgbouncer: 6440,
  redis: 6390,
  'shell-1-metrics': 9471,
  'shell-2-metrics': 9472,
} as const;
export type FleetPorts = { -readonly [K in keyof typeof FLEET_PORTS]: number };

export type MemberName =
  | 'etcd'
  | 'backup-store'
  | 'postgres-1'
  | 'postgres-2'
  | 'postgres-primary'
  | 'pgbouncer'
  | 'redis'
  | 'mf-frame'
  | 'mf-cart'
  | 'mf-catalog-pages'
  | 'cart-service-1'
  | 'cart-service-2'
  | 'haproxy'
  | 'varnish'
  | 'shell-1'
  | 'shell-2';

/** The fleet's PostgreSQL servers, each under its Patroni: the first one started leads a new cluster. */
export const POSTGRES_SERVERS = ['postgres-1', 'postgres-2'] as const;
export type PostgresServer = (typeof POSTGRES_SERVERS)[number];

/**
 * The order members start in: each needs those before it (the shells' API goes through HAProxy's internal front).
 * The PostgreSQL servers start one after the other, so that a new cluster is always led by postgres-1 and
 * postgres-2 copies it; both archive WAL to the backup store. Varnish needs nothing to start: it asks HAProxy's
 * internal front for each page it does not keep.
 */
export const START_ORDER: MemberName[][] = [
  ['etcd', 'backup-store', 'redis'],
  ['postgres-1'],
  ['postgres-2'],
  ['postgres-primary'],
  ['pgbouncer'],
  ['mf-frame', 'mf-cart', 'mf-catalog-pages', 'cart-service-1', 'cart-service-2', 'varnish'],
  ['haproxy'],
  ['shell-1', 'shell-2'],
];

export interface FleetSettings {
  /** Where the fleet keeps its state, data, logs and generated configuration (FLEET_DIR, default `.fleet/`). */
  dir: string;
  ports: FleetPorts;
  /** The shop processes' LOG_LEVEL (info unless the environment says otherwise). */
  logLevel: string;
  /** Drawn at the first start and kept in the folder: every shell and cart-service shares them. */
  secrets: { sessionKey: string; adminToken: string; metricsToken: string };
}

export function fleetPorts(env: NodeJS.ProcessEnv = process.env): FleetPorts {
  const offset = Number(env.FLEET_PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50_000) throw new Error('FLEET_PORT_OFFSET must be an integer from 0 to 50000');
  return Object.fromEntries(Object.entries(FLEET_PORTS).map(([name, port]) => [name, port + offset])) as FleetPorts;
}

export const fleetDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.FLEET_DIR || join(REPO_ROOT, '.fleet'));

/** The shop as shoppers reach it: HAProxy's public front. */
export const publicUrl = (ports: FleetPorts) => `http://localhost:${ports.public}`;

const REMOTE_MEMBERS = { mf_frame: 'mf-frame', mf_cart: 'mf-cart', mf_catalog_pages: 'mf-catalog-pages' } as const satisfies Record<RemoteName, MemberName>;

/** Every release is reached through HAProxy's public front, as a CDN in front of the release hosts would serve it. */
export function fleetRemotes(ports: FleetPorts, version = '1.0.0'): RemotesConfig {
  return { remotes: REMOTE_NAMES.map((name) => ({ name, entry: `${publicUrl(ports)}/releases/${REMOTE_MEMBERS[name]}/${version}/mf-manifest.json` })) };
}

export const databaseUrl = (ports: FleetPorts) => `postgres://shop@127.0.0.1:${ports.pgbouncer}/shop`;
export const redisUrl = (ports: FleetPorts) => `redis://127.0.0.1:${ports.redis}`;

/** How HAProxy's configuration (deploy/haproxy/haproxy.cfg) is told where everything is. */
export function haproxyEnvironment(settings: FleetSettings): Record<string, string> {
  const { ports, dir } = settings;
  const at = (port: number) => `127.0.0.1:${port}`;
  return {
    HAPROXY_PUBLIC_BIND: at(ports.public),
    HAPROXY_CART_SERVICE_BIND: at(ports.cartServiceInternal),
    HAPROXY_METRICS_BIND: at(ports.haproxyMetrics),
    HAPROXY_EDGE_BACKEND_BIND: at(ports.edgeBackend),
    HAPROXY_EDGE_BACKEND_ADDR: at(ports.edgeBackend),
    VARNISH_ADDR: at(ports.varnish),
    HAPROXY_STATS_SOCKET: join(dir, 'run', 'haproxy.sock'),
    HAPROXY_ERRORS_DIR: join(REPO_ROOT, 'deploy/haproxy/errors'),
    SHELL_1_ADDR: at(ports['shell-1']),
    SHELL_2_ADDR: at(ports['shell-2']),
    CART_SERVICE_1_ADDR: at(ports['cart-service-1']),
    CART_SERVICE_2_ADDR: at(ports['cart-service-2']),
    MF_FRAME_ADDR: at(ports['mf-frame']),
    MF_CART_ADDR: at(ports['mf-cart']),
    MF_CATALOG_PAGES_ADDR: at(ports['mf-catalog-pages']),
  };
}

/** How long a stopping shell or cart-service keeps serving: HAProxy takes it out after two failed checks 500 ms apart. */
export const DRAIN_MS = 1_500;

/** The environment of a shop process in the fleet: the shop's shared settings, then only the secrets it may hold. */
export function shopEnvironment(settings: FleetSettings, process: ShopProcess, own: Record<string, string>): NodeJS.ProcessEnv {
  const { ports, secrets, dir } = settings;
  const shared: NodeJS.ProcessEnv = {
    PATH: globalThis.process.env.PATH,
    HOME: globalThis.process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: settings.logLevel,
    SHOP_ORIGIN: publicUrl(ports),
    PUBLIC_URL: publicUrl(ports),
    // HAProxy, on this machine, names the shopper's address.
    TRUST_PROXY: 'loopback',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    CART_SERVICE_URL: `http://127.0.0.1:${ports.cartServiceInternal}`,
    ADMIN_TOKEN: secrets.adminToken,
    SESSION_KEYS: secrets.sessionKey,
    DATABASE_URL: databaseUrl(ports),
    REDIS_URL: redisUrl(ports),
    METRICS_TOKEN: secrets.metricsToken,
    REMOTES_CONFIG: join(dir, 'remotes.json'),
    ALLOWED_RELEASE_ORIGINS: publicUrl(ports),
    // Every cache in front of the shells (decision 045): a release switch, a price or a stock-out purges its pages.
    EDGE_PURGE_URLS: `http://127.0.0.1:${ports.varnish}/`,
    // Traces (decision 035) go where the operator's OpenTelemetry variables say, for every shop process.
    ...Object.fromEntries(Object.entries(globalThis.process.env).filter(([name]) => name.startsWith('OTEL_'))),
  };
  return { ...environmentFor(process, shared), ...own };
}

export interface MemberCommand {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether it runs as the unprivileged user when the fleet is started as root (PostgreSQL and PgBouncer refuse root). */
  unprivileged?: boolean;
  /** Answers 2xx once the member is ready (HTTP members). */
  readyUrl?: string;
}

/** How each shop member (not the datastores or HAProxy: fleet.ts starts those) is started: node itself, no launcher. */
export function shopMemberCommand(settings: FleetSettings, name: MemberName): MemberCommand | undefined {
  const { ports, dir } = settings;
  const node = (cwd: string, entry: string, args: string[] = []) => ({ command: globalThis.process.execPath, args: ['--import', 'tsx', entry, ...args], cwd: join(REPO_ROOT, cwd) });
  switch (name) {
    case 'shell-1':
    case 'shell-2':
      return {
        ...node('shell', 'server/main.ts'),
        env: shopEnvironment(settings, 'shell', {
          [PORT_VARIABLES.shell]: String(ports[name]),
          METRICS_PORT: String(ports[`${name}-metrics`]),
          RELEASE_CACHE_DIR: join(dir, name, 'release-cache'),
        }),
        readyUrl: `http://127.0.0.1:${ports[name]}/readyz`,
      };
    case 'cart-service-1':
    case 'cart-service-2':
      return {
        ...node('cart-service', 'src/main.ts'),
        env: shopEnvironment(settings, 'cart-service', {
          [PORT_VARIABLES['cart-service']]: String(ports[name]),
          CART_DATA_DIR: join(dir, name),
        }),
        readyUrl: `http://127.0.0.1:${ports[name]}/readyz`,
      };
    case 'mf-frame':
    case 'mf-cart':
    case 'mf-catalog-pages': {
      const remote = (Object.keys(REMOTE_MEMBERS) as RemoteName[]).find((r) => REMOTE_MEMBERS[r] === name)!;
      return {
        command: globalThis.process.execPath,
        args: [join(REPO_ROOT, 'server-kit/bin/shop-release-server.mjs'), '--remote', remote, '--dir', 'dist'],
        cwd: join(REPO_ROOT, name),
        env: shopEnvironment(settings, name, { [PORT_VARIABLES[name]]: String(ports[name]) }),
        readyUrl: `http://127.0.0.1:${ports[name]}/healthz`,
      };
    }
    default:
      return undefined;
  }
}
