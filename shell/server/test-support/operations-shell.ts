import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ROLLBACK_RULE, type RollbackRule } from '@shop/contracts/progressive-delivery';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from '@shop/contracts/remotes';
import { createReleaseServer } from '@shop/server-kit/release-server/app';
import { TRUST_NOBODY, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { createShellServer } from '../app';
import { addOperator } from '../operations/accounts/add-operator';
import { loginLimits, type LoginLimitSettings } from '../operations/accounts/login-limits';
import { PasswordChecks } from '../operations/accounts/password-checks';
import { openOperations, type OperationsStores } from '../operations/open-operations';
import { operationsRoutes } from '../operations/operations-routes';
import { browserFilesMissing, releaseRefusals } from '../operations/releases/release-checks';
import { ShopMetrics } from '../metrics/shop-metrics';
import { openProgressiveDelivery, type ProgressiveDelivery } from '../progressive-delivery/open-progressive-delivery';
import { closeServer, listen, urlOf } from '../test-fixture';
import { writeFakeRelease } from './fake-releases';

export const PASSWORD = 'un-mot-de-passe-solide';

/** A release server per remote (server-kit's, as in production) with fake releases the checks accept or refuse. */
export interface FakeReleaseHosts {
  entry(remote: RemoteName, version: string): string;
  /** The release's folder on disk (to take a file away, as a partial upload or a clean-up would). */
  folder(remote: RemoteName, version: string): string;
  close(): Promise<void>;
}

export async function startReleaseHosts(): Promise<FakeReleaseHosts> {
  const base = await mkdtemp(join(tmpdir(), 'operations-releases-'));
  const origins = {} as Record<RemoteName, string>;
  const servers: Server[] = [];
  for (const remote of REMOTE_NAMES) {
    const root = join(base, remote);
    await writeFakeRelease(root, remote, '1.0.0');
    if (remote === 'mf_cart') {
      await writeFakeRelease(root, remote, '1.0.1');
      await writeFakeRelease(root, remote, '1.0.2-react18', { react: '^18.2.0' });
      await writeFakeRelease(root, remote, '1.0.3-sans-lignes', { without: './CartLines' });
    }
    const server = await listen(createReleaseServer({ root, allowedOrigins: [] }));
    servers.push(server);
    origins[remote] = urlOf(server);
  }
  return {
    entry: (remote, version) => `${origins[remote]}/${version}/mf-manifest.json`,
    folder: (remote, version) => join(base, remote, version),
    async close() {
      await Promise.all(servers.map(closeServer));
      await rm(base, { recursive: true, force: true });
    },
  };
}

export interface OperationsShell {
  url: string;
  /** The API token of the operator `amina`. */
  token: string;
  stores: OperationsStores;
  delivery: ProgressiveDelivery;
  metrics: ShopMetrics;
  close(): Promise<void>;
}

/** The real shell server over HTTP with its operators' console, the live configuration in files or in Redis. */
export async function startOperationsShell(options: {
  releases: FakeReleaseHosts;
  redisUrl?: string;
  redisPrefix?: string;
  trustProxy?: TrustProxy;
  operator?: string;
  /** Progressive delivery: the rollback rule, how often it is checked, the telemetry limits. */
  rule?: RollbackRule;
  checkIntervalMs?: number;
  limits?: { perAddressPerMinute: number; perBrowserPerMinute: number };
  /** The shop's public origin (PUBLIC_URL); by default the address the test server listens on. */
  publicUrl?: string;
  /** Login limits and password checks other than the shop's (smaller, so a test reaches them quickly). */
  loginLimits?: LoginLimitSettings;
  passwordChecks?: { concurrency: number; waiting: number };
}): Promise<OperationsShell> {
  // Listening first, so the shop's public origin can be its own address, as PUBLIC_URL's default is.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = urlOf(server);
  const publicUrl = options.publicUrl ?? url;
  const dir = await mkdtemp(join(tmpdir(), 'operations-shell-'));
  await mkdir(join(dir, 'dist/operations/static/js'), { recursive: true });
  await writeFile(join(dir, 'dist/index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  await writeFile(join(dir, 'dist/operations/index.html'), '<!doctype html><html lang="fr"><title>Console des opérations</title><div id="root"></div>');
  await writeFile(join(dir, 'dist/operations/static/js/operations.abc123.js'), 'console.log("console");');
  const config: RemotesConfig = { remotes: REMOTE_NAMES.map((name) => ({ name, entry: options.releases.entry(name, '1.0.0') })) };
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(config));
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const stores = await openOperations(
    join(dir, 'remotes.json'),
    {
      redisUrl: options.redisUrl,
      redisPrefix: options.redisPrefix ?? 'test:',
      historyPath: join(dir, 'remotes.history.json'),
      operatorsPath: join(dir, 'operators.json'),
      allowedReleaseOrigins: undefined,
      adminToken: undefined,
    },
    log,
  );
  if (options.loginLimits) stores.limits = loginLimits(stores.redis, options.loginLimits);
  if (options.passwordChecks) stores.checks = new PasswordChecks(options.passwordChecks);
  const { token } = await addOperator(stores.operators, options.operator ?? 'amina', PASSWORD);
  const rule = options.rule ?? DEFAULT_ROLLBACK_RULE;
  const metrics = new ShopMetrics(() => stores.live.store.live);
  const delivery = await openProgressiveDelivery({
    publicUrl,
    missingFiles: (remote, entry) => browserFilesMissing(remote, entry),
    probeIntervalMs: 0,
    onCounted: (views) => metrics.remoteViews(views),
    store: stores.live.store,
    redis: stores.redis,
    config: { rule, checkIntervalMs: options.checkIntervalMs ?? 60_000, sampleRate: 1 },
    log,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const app = await createShellServer({
    distDir: join(dir, 'dist'),
    cartServiceUrl: 'http://127.0.0.1:9',
    publicUrl,
    remotes: stores.live,
    trustProxy: options.trustProxy ?? TRUST_NOBODY,
    log,
    telemetry: delivery,
    metrics,
    operations: (status) =>
      operationsRoutes({
        store: stores.live.store,
        operators: stores.operators,
        sessions: stores.sessions,
        limits: stores.limits,
        devices: stores.devices,
        checks: stores.checks,
        allowedOrigins: stores.allowedOrigins,
        refusals: (remote, entry) => releaseRefusals(remote, entry, { allowedOrigins: stores.allowedOrigins, shellShared: { react: '19.3.1' }, requireServerBuild: true }),
        status,
        cartServiceUrl: 'http://127.0.0.1:9',
        adminToken: undefined,
        consoleDir: join(dir, 'dist/operations'),
        publicUrl,
        log,
        canaryFigures: delivery.figures,
        rule,
      }),
  });
  server.on('request', app.callback());
  return {
    url,
    token,
    stores,
    delivery,
    metrics,
    async close() {
      delivery.close();
      await closeServer(server);
      await stores.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
