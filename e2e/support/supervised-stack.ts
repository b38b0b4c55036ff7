/**
 * The production stack started the way operators start it, through `node --import tsx scripts/run-stack.ts` (the supervisor),
 * on free ports with its own remotes.json and data folder. Used by e2e/supervised-start.spec.ts and faults/run.ts;
 * no Playwright import.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { descendants, serverProcessOf, stillAlive, type ProcessInfo } from './process-tree';
import type { RemoteName } from '@shop/contracts/remotes';
import {
  freeStackPorts,
  REMOTE_PACKAGES,
  remoteEntry,
  stackEnvironment,
  stackRemotes,
  waitForUrl,
  type ServiceName,
  type StackPorts,
} from './stack-env';

export const repoRoot = resolve(__dirname, '../..');
export const services: ServiceName[] = ['cart-service', 'mf-frame', 'mf-cart', 'mf-catalog-pages', 'shell'];

export interface SupervisedStack {
  url: string;
  ports: StackPorts;
  dataDir: string;
  /** cart-service's data folder (CART_DATA_DIR), inside `dataDir`: the embedded database is its `database` folder. */
  cartDataDir: string;
  runner: ChildProcess;
  /** What the runner printed (its own lines and every process's, prefixed). */
  output(): string;
  healthUrl(name: ServiceName): string;
  manifestUrl(name: ServiceName): string;
  /** The process really serving this package now (the deepest node under the runner), if it is up. */
  serverProcess(name: ServiceName): ProcessInfo | undefined;
  /** Waits (with a deadline) for the server process of a package to exist, then SIGKILLs that one process. */
  killServer(name: ServiceName): Promise<ProcessInfo>;
  /** Sends `signal` to the runner and waits for it to exit; returns its exit code and the processes left behind. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; leftBehind: ProcessInfo[]; busyPorts: number[] }>;
  /** Removes the data folder (after stop). */
  cleanUp(): Promise<void>;
}

export interface SupervisedStackOptions {
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** The ports and data folder of a stack stopped before (the same shop started again); new ones otherwise. */
  again?: Pick<SupervisedStack, 'ports' | 'dataDir'>;
}

export async function startSupervisedStack(options: SupervisedStackOptions = {}): Promise<SupervisedStack> {
  const ports = options.again?.ports ?? (await freeStackPorts());
  const url = `http://localhost:${ports.shell}`;
  const dataDir = options.again?.dataDir ?? (await mkdtemp(join(tmpdir(), 'shop-supervised-')));
  const remotesFile = join(dataDir, 'remotes.json');
  const remotes = stackRemotes(ports);
  const manifestUrl = (name: ServiceName) => {
    const remote = (Object.keys(REMOTE_PACKAGES) as RemoteName[]).find((r) => REMOTE_PACKAGES[r] === name);
    if (!remote) throw new Error(`${name} serves no remote`);
    return remoteEntry(ports, remote);
  };
  await writeFile(remotesFile, JSON.stringify(remotes, null, 2));
  const env: Record<string, string> = { ...stackEnvironment(ports, { remotesFile, dataDir }), LOG_LEVEL: 'warn', ...options.env };

  let output = '';
  // Its own process group, like a terminal would give it; the runner puts each child in a group of its own.
  const runner = spawn(process.execPath, ['--import', 'tsx', 'scripts/run-stack.ts'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runner.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  runner.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const runnerExit = new Promise<number | null>((done) => runner.once('exit', (code) => done(code)));

  const healthUrl = (name: ServiceName) => `http://127.0.0.1:${ports[name]}/healthz`;
  const serverProcess = (name: ServiceName) => serverProcessOf(runner.pid!, resolve(repoRoot, name));

  const stack: SupervisedStack = {
    url,
    ports,
    dataDir,
    cartDataDir: env['CART_DATA_DIR']!,
    runner,
    output: () => output,
    healthUrl,
    manifestUrl,
    serverProcess,
    async killServer(name) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const server = serverProcess(name);
        if (server) {
          process.kill(server.pid, 'SIGKILL');
          return server;
        }
        if (Date.now() > deadline) throw new Error(`no server process found for ${name} under the runner (pid ${runner.pid})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop(signal = 'SIGINT') {
      const before = runner.exitCode === null ? descendants(runner.pid!) : [];
      if (runner.exitCode === null) runner.kill(signal);
      const code = await Promise.race([runnerExit, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
      // Whatever happened, leave nothing running on this machine.
      const leftBehind = before.filter(stillAlive);
      for (const p of leftBehind) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      if (code === 'timeout') {
        runner.kill('SIGKILL');
        throw new Error(`the runner did not exit within 20 s of ${signal}\n${output}`);
      }
      const busyPorts: number[] = [];
      for (const port of Object.values(ports)) if (!(await portIsFree(port))) busyPorts.push(port);
      return { code, leftBehind, busyPorts };
    },
    async cleanUp() {
      await rm(dataDir, { recursive: true, force: true });
    },
  };

  try {
    const timeout = options.readyTimeoutMs ?? 60_000;
    await Promise.race([
      Promise.all([
        ...services.map((name) => waitForUrl(healthUrl(name), timeout)),
        ...remotes.remotes.map((remote) => waitForUrl(remote.entry, timeout)),
      ]),
      runnerExit.then((code) => Promise.reject(new Error(`the runner exited with code ${code} before the shop was ready`))),
    ]);
  } catch (error) {
    await stack.stop('SIGTERM').catch(() => undefined);
    await stack.cleanUp();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return stack;
}

/** Whether nothing listens on this loopback port any more. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/** Whether a URL answers 2xx now. */
export async function answersOk(url: string, init?: RequestInit): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
