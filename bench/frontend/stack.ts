/**
 * The stacks the benches measure.
 *
 * The README's stack (frontend/readme-stack.ts, re-exported here): the shop as `pnpm start` runs it, through
 * `node --import tsx scripts/run-stack.ts` with the README's defaults, on the README's ports (a baseline on ports of its
 * own), or an already running one (BENCH_SHOP_URL). bench:first-load and bench:usable measure it, so that their figures
 * are what a shopper's browser gets and agree with ../shared/peers/compare.mjs.
 *
 * The test stack (`startBenchStack`, below), for the benches that need to set what the README does not (their own
 * builds, SERVER_RENDERING, tracing, release stores, remotes.json switches, several stacks of one checkout): started as
 * e2e/support/stack.ts does, with the same process starter
 * (e2e/support/stack-processes.ts: each package's own `serve` script) and environment (stack-env.ts: free loopback
 * ports, a remotes.json and a data folder of its own, RENDER_DEADLINE_MS 3000, no metrics listener, LOG_LEVEL warn),
 * neither of which imports Playwright's test runner. Differences:
 * the shell starts after cart-service and the remotes answer, because the shell server reads the remotes' manifests
 * when it starts (to put preload hints in the page); and the front-end builds may be served from other folders than the
 * work tree's `dist/` (the shell server's SHELL_DIST, and one more `--dir` for a remote's static server, whose last
 * `--dir` wins).
 *
 * With `root`, the stack is another checkout of the shop (installed and built): its own packages' `serve` scripts run,
 * from its folders, serving its `dist/` folders, started by that checkout's own e2e/support/stack-env.ts and
 * stack-processes.ts (so each process gets the environment that checkout expects).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as thisStackEnv from '../../e2e/support/stack-env';
import type { RemotesConfig } from '@shop/contracts/remotes';
import type { ServiceName, StackPorts } from '../../e2e/support/stack-env';
import * as thisStackProcesses from '../../e2e/support/stack-processes';
import type { ServedDirs } from './builds';
import { repoRoot } from './util';

export { measuredStacks, readmePorts, runningShopStack, startReadmeStack, type MeasuredStack, type ShopStack, type StackPortSet } from './readme-stack';

export interface BenchStackOptions {
  /** A checkout of the shop whose stack to start (default: this repository). */
  root?: string;
  /** Variables every process gets on top of the stack's own (e.g. the release store's). */
  env?: Record<string, string>;
  /** The remotes.json the stack starts with, from its ports (default: each remote's `version` on its own server). */
  remotes?: (ports: StackPorts) => RemotesConfig;
}

/** The stack helpers of `root`: this repository's, or another checkout's own files. */
async function stackHelpers(root: string | undefined): Promise<typeof thisStackEnv & typeof thisStackProcesses> {
  if (root === undefined || resolve(root) === repoRoot) return { ...thisStackEnv, ...thisStackProcesses };
  const file = (name: string) => {
    const path = join(resolve(root), 'e2e/support', name);
    if (!existsSync(path)) throw new Error(`${root} is not a checkout of the shop with its stack helpers: ${path} is missing`);
    return pathToFileURL(path).href;
  };
  const env = (await import(file('stack-env.ts'))) as typeof thisStackEnv;
  const processes = (await import(file('stack-processes.ts'))) as typeof thisStackProcesses;
  return { ...env, ...processes };
}

export interface BenchStack {
  url: string;
  ports: StackPorts;
  /** The stack's remotes.json, which its shell watches (a bench switches releases by writing it). */
  remotesFile: string;
  /** Which package serves a URL: a remote's static server, the shell, or cart-service behind the shell's proxy. */
  packageOf(url: string): string;
  logs(name: ServiceName): string;
  close(): Promise<void>;
}

export async function startBenchStack(dirs?: ServedDirs, version = '1.0.0', options: BenchStackOptions = {}): Promise<BenchStack> {
  const { freeStackPorts, stackEnvironment, stackRemotes, stackProcesses } = await stackHelpers(options.root);
  const ports = await freeStackPorts();
  const url = `http://localhost:${ports.shell}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
  const remotesFile = join(dataDir, 'remotes.json');
  await writeFile(remotesFile, JSON.stringify(options.remotes?.(ports) ?? stackRemotes(ports, version), null, 2));

  const env: Record<string, string> = {
    ...stackEnvironment(ports, { remotesFile, dataDir }, 'bench-session-key-not-a-secret-0123456789'),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (dirs) env.SHELL_DIST = dirs.shell;
  delete env.RELEASE_VERSION;

  const processes = stackProcesses(ports, env, 60_000);
  // A remote's static server serves the bench's build when one was made (its last `--dir` wins).
  const start = (name: ServiceName) => {
    const servedDir = dirs && name !== 'shell' && name !== 'cart-service' ? dirs[name] : undefined;
    return processes.start(name, servedDir ? ['--dir', servedDir] : []);
  };
  async function close(): Promise<void> {
    await processes.stopAll();
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
    remotesFile,
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
    logs: processes.logs,
    close,
  };
}
