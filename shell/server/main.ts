import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const app = await createShellServer({ distDir, cartServiceUrl, remotes });
const server = app.listen(port, host, () => {
  console.log(`[shell] la boutique est prête : http://localhost:${port} (remotes: ${remotesPath})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    remotes.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
