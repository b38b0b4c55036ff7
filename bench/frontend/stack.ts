/**
 * Starts the production stack for the bench, the way e2e/support/stack.ts does (each package's own `serve`
 * script, free loopback ports, a remotes.json and a data folder of its own, the same environment variables), without
 * depending on Playwright's test runner. Differences: the shell starts after cart-service and the remotes answer,
 * because the shell server reads the remotes' manifests when it starts (to put preload hints in the page); and the
 * front-end builds may be served from other folders than the work tree's `dist/` (the shell server's SHELL_DIST, and
 * one more `--dir` for a remote's static server, whose last `--dir` wins).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeStackPorts, stackEnvironment, stackRemotes, waitForUrl, type ServiceName, type StackPorts } from '../../e2e/support/stack-env';
import type { ServedDirs } from './builds';
import { repoRoot } from './util';

export interface BenchStack {
  url: string;
  ports: StackPorts;
  /** Which package serves a URL: a remote's static server, the shell, or cart-service behind the shell's proxy. */
  packageOf(url: string): string;
  logs(name: ServiceName): string;
  close(): Promise<void>;
}

export async function startBenchStack(dirs?: ServedDirs, version = '1.0.0'): Promise<BenchStack> {
  const ports = await freeStackPorts();
  const url = `http://localhost:${ports.shell}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
  const remotesFile = join(dataDir, 'remotes.json');
  await writeFile(remotesFile, JSON.stringify(stackRemotes(ports, version), null, 2));

  const env: Record<string, string> = {
    ...stackEnvironment(ports, { remotesFile, dataDir }, 'bench-session-key-not-a-secret-0123456789'),
    LOG_LEVEL: 'warn',
  };
  if (dirs) env.SHELL_DIST = dirs.shell;
  delete env.RELEASE_VERSION;

  const children = new Map<ServiceName, ChildProcess>();
  const logs = new Map<ServiceName, string[]>();

  async function start(name: ServiceName): Promise<void> {
    const output: string[] = [];
    logs.set(name, output);
    // detached: the package script runs through npm and a shell; stopping kills the whole process group.
    const servedDir = dirs && name !== 'shell' && name !== 'cart-service' ? dirs[name] : undefined;
    const child = spawn('npm', ['run', '--silent', 'serve', ...(servedDir ? ['--', '--dir', servedDir] : [])], {
      cwd: join(repoRoot, name),
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
    exitedEarly.catch(() => undefined);
    try {
      await Promise.race([waitForUrl(`http://127.0.0.1:${ports[name]}/healthz`, 60_000), exitedEarly]);
    } catch (error) {
      throw new Error(`${name} did not start: ${(error as Error).message}\n${output.join('')}`);
    }
  }

  async function stop(name: ServiceName): Promise<void> {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
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

  const all: ServiceName[] = ['cart-service', 'mf-frame', 'mf-cart', 'mf-catalog-pages', 'shell'];
  async function close(): Promise<void> {
    await Promise.all(all.map(stop));
    await rm(dataDir, { recursive: true, force: true });
  }

  try {
    await Promise.all((['cart-service', 'mf-frame', 'mf-cart', 'mf-catalog-pages'] as const).map(start));
    await start('shell');
  } catch (error) {
    await close();
    throw error;
  }

  const byPort = new Map<string, ServiceName>(Object.entries(ports).map(([name, port]) => [String(port), name as ServiceName]));
  return {
    url,
    ports,
    packageOf(requestUrl) {
      let parsed: URL;
      try {
        parsed = new URL(requestUrl);
      } catch {
        return 'other';
      }
      if (!/^https?:$/.test(parsed.protocol)) return parsed.protocol.replace(':', '');
      const name = byPort.get(parsed.port);
      if (!name) return parsed.origin;
      if (name === 'shell') {
        if (parsed.pathname.startsWith('/api/')) return 'cart-service (api)';
        if (parsed.pathname.startsWith('/images/')) return 'cart-service (images)';
      }
      return name;
    },
    logs: (name) => (logs.get(name) ?? []).join(''),
    close,
  };
}
