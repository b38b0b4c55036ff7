import type { AddressInfo } from 'node:net';
import { createLogger } from '@shop/server-kit/logger';
import { createShellServer } from './app';
import { loadShellConfig } from './config';
import { RemotesConfigFile } from './remotes-config-file';
import { RendererPool } from './render/renderer-pool';
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

let remotes: RemotesConfigFile;
try {
  remotes = await RemotesConfigFile.open(remotesPath, logger);
} catch (error) {
  // Plain text on stderr for the operator, and the log line.
  const reason = (error as Error).message;
  console.error(`shell cannot start: ${remotesPath} is unusable: ${reason}`);
  logger.fatal({ remotes: remotesPath, reason }, 'shell cannot start: remotes.json is unusable');
  process.exit(1);
}
// Pages are rendered on the server by worker threads, one per remotes configuration (decision 017). A build without
// the shell's Node bundle (the dev server's) leaves rendering to the browser.
const bundlePath = join(config.distDir, 'server', 'server-render.mjs');
const renderer =
  config.serverRendering && existsSync(bundlePath)
    ? new RendererPool({
        config: () => remotes.current,
        bundlePath,
        apiOrigin: config.cartServiceUrl,
        deadlineMs: config.renderDeadlineMs,
        loadTimeoutMs: 5000,
        log: logger,
      })
    : undefined;
void renderer?.start();
const app = await createShellServer({
  distDir: config.distDir,
  cartServiceUrl: config.cartServiceUrl,
  publicUrl: config.publicUrl,
  remotes,
  trustProxy,
  log: logger,
  renderer,
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
    remotes.close();
    void renderer?.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
