import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { freeStackPorts, stackEnvironment, stackRemotes, type ServiceName, type StackPorts } from './stack-env';
import { copyCartDatabaseTemplate } from './cart-database-template';
import { STACK_SERVICES, stackProcesses } from './stack-processes';

export { remoteEntry } from './stack-env';

export interface Stack {
  url: string;
  ports: StackPorts;
  /** The operators' file this stack's shell reads; tests edit it like an operator would. */
  remotesFile: string;
  remotes: RemotesConfig;
  dataDir: string;
  stop(name: ServiceName): Promise<void>;
  start(name: ServiceName): Promise<void>;
  writeRemotes(config: RemotesConfig): Promise<void>;
  /** Writes the file as given, valid or not, like a careless edit. */
  writeRemotesText(text: string): Promise<void>;
  /** Everything a process has printed since it (re)started. */
  logs(name: ServiceName): string;
  /** The pid of a package's `npm run serve` (its process group), while it runs. */
  pid(name: ServiceName): number | undefined;
  close(): Promise<void>;
}

/**
 * Starts the production stack the way `pnpm start` does (each package's own `serve` script), on free
 * ports, with a fresh data folder and a remotes.json of its own.
 */
export async function startStack(options: { env?: Record<string, string> | ((ports: StackPorts) => Record<string, string>) } = {}): Promise<Stack> {
  const ports = await freeStackPorts();
  const url = `http://localhost:${ports.shell}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const remotesFile = join(dataDir, 'remotes.json');
  let remotes: RemotesConfig = stackRemotes(ports);
  await writeFile(remotesFile, JSON.stringify(remotes, null, 2));

  const extra = typeof options.env === 'function' ? options.env(ports) : options.env;
  const env: Record<string, string> = { ...stackEnvironment(ports, { remotesFile, dataDir }), LOG_LEVEL: 'warn', ...extra };

  const processes = stackProcesses(ports, env);
  try {
    // The shell last, once the release servers answer: its first renderer loads their server builds as it starts, and
    // one that found a release server not yet up renders that part's fallback until it is replaced (2 s at least,
    // render/renderer-pool.ts), which a test's first page would see.
    await Promise.all(
      STACK_SERVICES.filter((name) => name !== 'shell').map(async (name) => {
        if (name === 'cart-service') await copyCartDatabaseTemplate(env.CART_DATA_DIR!);
        await processes.start(name);
      }),
    );
    await processes.start('shell');
  } catch (error) {
    await processes.stopAll();
    throw error;
  }

  return {
    url,
    ports,
    remotesFile,
    get remotes() {
      return remotes;
    },
    dataDir,
    stop: processes.stop,
    start: (name) => processes.start(name),
    async writeRemotes(config) {
      remotes = config;
      await writeFile(remotesFile, JSON.stringify(config, null, 2));
    },
    async writeRemotesText(text) {
      await writeFile(remotesFile, text);
    },
    logs: processes.logs,
    pid: processes.pid,
    async close() {
      await processes.stopAll();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One real stack for the spec file that calls this: started before its first test, closed after its last.
 * The returned object stands for that stack once it has started. `env` may be a function of the stack's ports, read
 * after `beforeStart`.
 */
export function stackForThisFile(
  options: { env?: Record<string, string> | ((ports: StackPorts) => Record<string, string>); beforeStart?: () => Promise<void> } = {},
): Stack {
  let started: Stack | undefined;
  test.beforeAll(async () => {
    await options.beforeStart?.();
    // A function is read after beforeStart (e.g. a port it has found), with the stack's ports.
    started = await startStack(options.env ? { env: options.env } : {});
  });
  test.afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Stack, {
    get(_target, key) {
      if (!started) throw new Error('the stack is used before it has started (call stackForThisFile at the top level)');
      const value = Reflect.get(started, key, started) as unknown;
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
