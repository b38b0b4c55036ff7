import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from '@playwright/test';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { freeStackPorts, stackEnvironment, stackRemotes, waitForUrl, type ServiceName, type StackPorts } from './stack-env';

export { remoteEntry } from './stack-env';

const repoRoot = resolve(__dirname, '../..');

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
  close(): Promise<void>;
}

/**
 * Starts the production stack the way `pnpm start` does (each package's own `serve` script), on free
 * ports, with a fresh data folder and a remotes.json of its own.
 */
export async function startStack(options: { env?: Record<string, string> } = {}): Promise<Stack> {
  const ports = await freeStackPorts();
  const url = `http://localhost:${ports.shell}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const remotesFile = join(dataDir, 'remotes.json');
  let remotes: RemotesConfig = stackRemotes(ports);
  await writeFile(remotesFile, JSON.stringify(remotes, null, 2));

  const env: Record<string, string> = { ...stackEnvironment(ports, { remotesFile, dataDir }), LOG_LEVEL: 'warn', ...options.env };

  const children = new Map<ServiceName, ChildProcess>();
  const logs = new Map<ServiceName, string[]>();

  const healthUrl = (name: ServiceName) => `http://127.0.0.1:${ports[name]}/healthz`;

  async function start(name: ServiceName): Promise<void> {
    const output: string[] = [];
    logs.set(name, output);
    // detached: the package script runs through npm and a shell; stopping kills the whole group.
    const child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: resolve(repoRoot, name),
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    children.set(name, child);
    const exitedEarly = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`exited with code ${code} before it was ready`))),
    );
    try {
      await Promise.race([waitForUrl(healthUrl(name)), exitedEarly]);
    } catch (error) {
      throw new Error(`${name} did not start: ${(error as Error).message}\n${output.join('')}`);
    }
  }

  async function stop(name: ServiceName): Promise<void> {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
    children.delete(name);
  }

  const order: ServiceName[] = ['cart-service', 'mf-frame', 'mf-cart', 'mf-catalog-pages', 'shell'];
  try {
    await Promise.all(order.map(start));
  } catch (error) {
    await Promise.all(order.map(stop));
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
    stop,
    start,
    async writeRemotes(config) {
      remotes = config;
      await writeFile(remotesFile, JSON.stringify(config, null, 2));
    },
    async writeRemotesText(text) {
      await writeFile(remotesFile, text);
    },
    logs: (name) => (logs.get(name) ?? []).join(''),
    async close() {
      await Promise.all(order.map(stop));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One real stack for the spec file that calls this: started before its first test, closed after its last.
 * The returned object stands for that stack once it has started.
 */
export function stackForThisFile(
  options: { env?: Record<string, string>; beforeStart?: () => Promise<void> } = {},
): Stack {
  let started: Stack | undefined;
  test.beforeAll(async () => {
    await options.beforeStart?.();
    started = await startStack(options);
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
