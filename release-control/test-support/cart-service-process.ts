import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cartServiceMain = join(dirname(fileURLToPath(import.meta.url)), '../../cart-service/src/main.ts');
const LISTENING = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"cart-service listening"/;

/**
 * The real cart-service (src/main.ts, embedded PGlite in a folder of its own) in a process of its own on a free port,
 * for the tests of what the shell and the console's server ask cart-service. Resolves once it logs that it listens.
 */
export async function startCartService(env: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cart-service-'));
  const child = spawn(process.execPath, ['--import', 'tsx', cartServiceMain], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CART_SERVICE_PORT: '0', CART_DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cart-service not listening after 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`cart-service exited before listening:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
