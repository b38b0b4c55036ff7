import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy } from '@shop/server-kit/trusted-proxy';
import { createShellServer } from './app';
import { RemotesConfigFile } from './remotes-config-file';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SHELL_PORT ?? 3000);
const host = process.env.SHELL_HOST ?? '127.0.0.1';
const cartServiceUrl = process.env.CART_SERVICE_URL ?? 'http://127.0.0.1:4000';
const remotesPath = resolve(process.env.REMOTES_CONFIG ?? resolve(packageDir, 'config/remotes.json'));
const distDir = resolve(process.env.SHELL_DIST ?? resolve(packageDir, 'dist'));

const log = {
  info: (message: string) => console.log(message),
  error: (message: string) => console.error(message),
};

const remotes = await RemotesConfigFile.open(remotesPath, log).catch((error: unknown) => {
  console.error(`[shell] cannot start: ${remotesPath} is unusable: ${(error as Error).message}`);
  process.exit(1);
});
// The shell is the shop's edge: nobody in front of it is trusted unless the operator says so (e.g. TRUST_PROXY=1 behind
// one TLS terminator), so a client can never pick its own address for cart-service's rate limits.
let trustProxy;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY, 'none');
} catch (error) {
  console.error(`[shell] cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const app = await createShellServer({ distDir, cartServiceUrl, remotes, trustProxy, log });
const server = app.listen(port, host, () => {
  console.log(`[shell] la boutique est prête : http://localhost:${port} (remotes: ${remotesPath}, trusted proxies: ${trustProxy.description})`);
});
// Bound slow or stuck clients (a body trickled byte by byte cannot hold a connection forever).
server.requestTimeout = 15_000;
server.headersTimeout = 10_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    remotes.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
