import type { AddressInfo } from 'node:net';
import { createLogger } from '@shop/server-kit/logger';
import { createShellServer } from './app';
import { loadShellConfig } from './config';
import { openOperations, type OperationsStores } from './operations/open-operations';
import { operationsRoutes } from './operations/operations-routes';
import { browserFilesMissing, releaseRefusals } from './operations/releases/release-checks';
import { shellSharedVersions } from './operations/releases/release-discovery';
import { metricsUrl, startMetricsServer } from './metrics/metrics-server';
import { ShopMetrics } from './metrics/shop-metrics';
import { metricsTokenFromFile } from './metrics/metrics-token';
import { openProgressiveDelivery } from './progressive-delivery/open-progressive-delivery';
import { ReleaseLanes } from './render/release-lanes';
import { RefusedAccesses } from './render/refused-accesses';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

let config;
try {
  config = loadShellConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { remotesPath, trustProxy } = config;
const logger = createLogger('shell', config.logLevel);

let operations: OperationsStores;
try {
  operations = await openOperations(remotesPath, config.operations, logger);
} catch (error) {
  // Plain text on stderr for the operator, and the log line.
  const reason = (error as Error).message;
  console.error(`shell cannot start: the remotes configuration (${config.operations.redisUrl ? 'Redis' : remotesPath}) is unusable: ${reason}`);
  logger.fatal({ remotes: remotesPath, reason }, 'shell cannot start: the remotes configuration is unusable');
  process.exit(1);
}
const remotes = operations.live;

/** The metrics listener, always behind a token: METRICS_TOKEN, or the token file's (drawn on the first start). */
async function startMetricsWithToken(settings: { host: string; port: number; token: string | undefined; tokenFile: string }) {
  let token = settings.token;
  if (!token) {
    try {
      const fromFile = await metricsTokenFromFile(settings.tokenFile);
      token = fromFile.token;
      logger.info({ file: settings.tokenFile, created: fromFile.created }, 'metrics token: scrapes send the one in this file as a bearer token');
    } catch (error) {
      logger.error({ file: settings.tokenFile, error: (error as Error).message }, 'metrics listener not started: no token (set METRICS_TOKEN or METRICS_TOKEN_FILE)');
      return null;
    }
  }
  return startMetricsServer(metrics, { host: settings.host, port: settings.port, token }, logger);
}
const metrics = new ShopMetrics(() => remotes.store.live);
const delivery = await openProgressiveDelivery({
  store: remotes.store,
  redis: operations.redis,
  config: config.progressiveDelivery,
  publicUrl: config.publicUrl,
  log: logger,
  missingFiles: (remote, entry) => browserFilesMissing(remote, entry),
  onCounted: (views) => metrics.remoteViews(views),
});
const metricsServer = config.metrics ? await startMetricsWithToken(config.metrics) : null;
// Pages are rendered on the server by renderer processes with the least privilege Node offers, one per remotes
// configuration (decisions 017 and 027; two while a canary runs, decision 021). A build without the shell's Node bundle
// (the dev server's) leaves rendering to the browser.
const bundlePath = join(config.distDir, 'server', 'server-render.mjs');
const refusedAccesses = new RefusedAccesses();
const renderer =
  config.serverRendering && existsSync(bundlePath)
    ? new ReleaseLanes(() => remotes.current, {
        bundlePath,
        apiOrigin: config.cartServiceUrl,
        deadlineMs: config.renderDeadlineMs,
        loadTimeoutMs: 5000,
        log: logger,
        onRefused: (event) => refusedAccesses.record(event),
        rendererSocket: config.rendererSocket,
      })
    : undefined;
void renderer?.start();
const shellShared = await shellSharedVersions(config.distDir);
const app = await createShellServer({
  distDir: config.distDir,
  cartServiceUrl: config.cartServiceUrl,
  publicUrl: config.publicUrl,
  remotes,
  trustProxy,
  log: logger,
  renderer,
  telemetry: delivery,
  metrics,
  operations: (status) =>
    operationsRoutes({
      store: operations.live.store,
      operators: operations.operators,
      sessions: operations.sessions,
      limits: operations.limits,
      devices: operations.devices,
      checks: operations.checks,
      allowedOrigins: operations.allowedOrigins,
      refusals: (remote, entry) =>
        releaseRefusals(remote, entry, { allowedOrigins: operations.allowedOrigins, shellShared, requireServerBuild: config.serverRendering }),
      status,
      cartServiceUrl: config.cartServiceUrl,
      adminToken: config.operations.adminToken,
      consoleDir: join(config.distDir, 'operations'),
      publicUrl: config.publicUrl,
      log: logger,
      canaryFigures: delivery.figures,
      refusedAccesses: () => refusedAccesses.list(),
      rule: config.progressiveDelivery.rule,
    }),
});
const server = app.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  logger.info(
    {
      url: `http://localhost:${port}`,
      publicUrl: config.publicUrl,
      remotes: remotesPath,
      cartService: config.cartServiceUrl,
      trustedProxies: trustProxy.description,
      serverRendering: renderer ? `on, deadline ${config.renderDeadlineMs} ms` : 'off',
      sharedConfiguration: config.operations.redisUrl ? `Redis (${config.operations.redisPrefix})` : `files beside ${remotesPath}`,
      releaseOrigins: operations.allowedOrigins,
      metrics: metricsServer && config.metrics ? metricsUrl(metricsServer, config.metrics.host) : 'off',
    },
    'shell listening',
  );
  logger.flush();
});
// Bound slow or stuck clients (a body trickled byte by byte cannot hold a connection forever).
server.requestTimeout = 15_000;
server.headersTimeout = 10_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'shell stopping');
    delivery.close();
    metricsServer?.close();
    void operations.close();
    void renderer?.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
