import type { AddressInfo } from 'node:net';
import { REMOTE_PACKAGES } from '@shop/contracts/ports';
import { createLogger } from '../logger';
import { createReleaseServer } from './app';
import { loadReleaseServerConfig } from './config';

/** Run by each remote's `serve` script through bin/shop-release-server.mjs: reads the configuration, listens, stops on a signal. */
let config;
try {
  config = loadReleaseServerConfig(process.argv.slice(2), process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Named after the remote's package, as the supervisor's prefix and the unit are.
const logger = createLogger(REMOTE_PACKAGES[config.remote], config.logLevel);
const app = createReleaseServer({ root: config.root, allowedOrigins: config.allowedOrigins, logger });
const server = app.listen(config.port, config.host);
server.once('error', (error) => {
  // A port already taken: say why and stop, so the supervisor retries later.
  logger.fatal({ err: error, port: config.port }, 'release server cannot start');
  logger.flush();
  process.exit(1);
});
server.once('listening', () => {
  const { port } = server.address() as AddressInfo;
  logger.info({ url: `http://localhost:${port}`, remote: config.remote, root: config.root, allowedOrigins: config.allowedOrigins }, 'release server listening');
  logger.flush();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'release server stopping');
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
