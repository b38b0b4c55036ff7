/**
 * Starts and stops the processes of a local stack, each package's own `serve` script as `pnpm start` runs them, and
 * keeps what each printed. Shared by e2e/support/stack.ts and bench/frontend/stack.ts (each decides the order, the
 * environment and the served folders); it imports nothing from Playwright's test runner, so the bench can use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { allProcesses } from './process-tree';
import { environmentFor } from '@shop/contracts/ports';
import { waitForUrl, type ServiceName, type StackPorts } from './stack-env';

// From __filename: when the bench (an ES module run by tsx) imports this CommonJS file, tsx's __dirname is `data:text`.
export const repoRoot = resolve(dirname(__filename), '../..');

/** Every process of a stack. */
export const STACK_SERVICES: readonly ServiceName[] = ['cart-service', 'mf-frame', 'mf-cart', 'mf-catalog-pages', 'shell'];

export interface StackProcesses {
  /** Starts a package's `serve` script (`args` are passed to it after `--`) and waits until its /healthz answers. */
  start(name: ServiceName, args?: readonly string[]): Promise<void>;
  /** SIGTERM to the package's whole process group, SIGKILL after 5 s; waits until no process of the group is left. */
  stop(name: ServiceName): Promise<void>;
  stopAll(): Promise<void>;
  /** Everything a process has printed since it (re)started. */
  logs(name: ServiceName): string;
  /** The pid of the package's `npm run serve` (its process group), while it runs. */
  pid(name: ServiceName): number | undefined;
}

export function stackProcesses(ports: StackPorts, env: Record<string, string>, readyTimeoutMs = 30_000): StackProcesses {
  const children = new Map<ServiceName, ChildProcess>();
  const logs = new Map<ServiceName, string[]>();

  async function start(name: ServiceName, args: readonly string[] = []): Promise<void> {
    const output: string[] = [];
    logs.set(name, output);
    // detached: the package script runs through npm and a shell; stopping kills the whole process group.
    const child = spawn('npm', ['run', '--silent', 'serve', ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: resolve(repoRoot, name),
      env: environmentFor(name, env),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    children.set(name, child);
    const exitedEarly = new Promise<never>((_, reject) => {
      child.once('exit', (code) => reject(new Error(`exited with code ${code} before it was ready`)));
      child.once('error', reject); // npm could not be started at all
    });
    exitedEarly.catch(() => undefined);
    try {
      await Promise.race([waitForUrl(`http://127.0.0.1:${ports[name]}/healthz`, readyTimeoutMs), exitedEarly]);
    } catch (error) {
      throw new Error(`${name} did not start: ${(error as Error).message}\n${output.join('')}`, { cause: error });
    }
  }

  async function stop(name: ServiceName): Promise<void> {
    const child = children.get(name);
    if (!child || child.pid === undefined) return;
    // npm may have exited while its children (sh, node) still hold the port or write their data folder: the group is
    // signalled either way, and stopping ends when no process of the group runs (not when npm has exited). A server
    // whose shell died first is a zombie until the system reaps it (a second or two here): it holds nothing.
    const pgid = child.pid;
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pgid, signal);
      } catch {
        // the group is gone
      }
    };
    const running = () => allProcesses().some((p) => p.pgid === pgid && p.state !== 'Z');
    kill('SIGTERM');
    const timer = setTimeout(() => kill('SIGKILL'), 5_000);
    while (running()) await new Promise((resolve) => setTimeout(resolve, 50));
    clearTimeout(timer);
    children.delete(name);
  }

  return {
    start,
    stop,
    stopAll: async () => {
      await Promise.all(STACK_SERVICES.map(stop));
    },
    logs: (name) => (logs.get(name) ?? []).join(''),
    pid: (name) => children.get(name)?.pid,
  };
}
