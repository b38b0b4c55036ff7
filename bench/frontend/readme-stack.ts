/**
 * The shop as its README starts it, which is what a shopper's browser and ../shared/peers/compare.mjs meet:
 * `pnpm start` = `pnpm build && pnpm serve`, and `pnpm serve` = `node --import tsx scripts/run-stack.ts` from the
 * checkout's root. The bench spawns that same supervisor (the build is the reader's to run first, on both checkouts)
 * with the README's defaults: RENDER_DEADLINE_MS 200, LOG_LEVEL info, metrics on, the checkout's own data folders
 * (shell/.data, cart-service/.data), each package's `serve` script under run-stack.ts's restarts. The shop's own
 * settings are removed from the environment it inherits (a variable left in the bench's shell would otherwise change
 * what is measured); which ones were there is printed.
 *
 * Two stacks run at once, so that every round measures both (the machine's drift falls on both alike); the ports the
 * supervisor listens on come from contracts' PORT_VARIABLES (SHELL_PORT…, read by run-stack.ts and each server):
 * - the work tree: the README's own ports (shell 3000, remotes 3001–3003, cart-service 4000, metrics 9464), nothing
 *   set: exactly `pnpm start`, on the origin compare.mjs measures by default;
 * - the baseline (BENCH_BASELINE_ROOT): the same ports plus BENCH_BASELINE_PORT_OFFSET (100: 3100, 3101–3103, 4100,
 *   metrics 9564). Its shell must then find its remotes on its own ports, so it gets REMOTES_CONFIG: a copy, in a
 *   temporary folder, of the remotes file it would start from (its shell/.data/remotes.json, else the tracked seed)
 *   with each remote's default port moved by the offset. That, the ports and METRICS_PORT are its only differences.
 * BENCH_SHOP_URL (e.g. http://localhost:3000) measures an already running stack as the work tree's: nothing is started
 * or stopped for it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PORTS, PORT_VARIABLES, REMOTE_PACKAGES, SHOP_PROCESSES, type ShopProcess } from '@shop/contracts/ports';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { descendants, stillAlive, type ProcessInfo } from '../../e2e/support/process-tree';
import { onInterrupt } from './on-interrupt';
import { commitOf, envNumber, repoRoot } from './util';

/** The README's metrics listener (release-control/server/config.ts): one per machine unless moved. */
const DEFAULT_METRICS_PORT = 9464;
/** How long run-stack.ts gets to bring every process up (the shell's first page starts a renderer). */
const READY_TIMEOUT_MS = 120_000;
/** run-stack.ts gives each package 8 s after SIGTERM before SIGKILL: it gets that and some more. */
const STOP_TIMEOUT_MS = 20_000;
/** What the supervisor printed, last part only: at LOG_LEVEL info a long bench logs a lot of requests. */
const OUTPUT_KEPT_CHARS = 64_000;

/**
 * The shop's own settings, read by its servers' configurations (shell/server/config.ts, cart-service/src/config.ts,
 * release-control/server/config.ts, the release servers', tracing's OTEL_*): none may reach a README stack from the
 * bench's environment. The e2e stacks set many of them (stack-env.ts), and the older benches set SERVER_RENDERING.
 */
const SHOP_SETTINGS = new Set<string>([
  ...Object.values(PORT_VARIABLES),
  ...['SHELL_HOST', 'CART_SERVICE_HOST', 'REMOTE_HOST', 'CART_SERVICE_URL', 'SHOP_ORIGIN', 'PUBLIC_URL', 'TRUST_PROXY'],
  ...['REMOTES_CONFIG', 'SHELL_DIST', 'RELEASE_CACHE_DIR', 'RELEASE_CONTROL', 'RELEASE_VERSION', 'RELEASES_PUBLIC_URL'],
  ...['ALLOWED_RELEASE_ORIGINS', 'OPERATORS_FILE', 'REDIS_URL', 'REDIS_PREFIX', 'TELEMETRY_SAMPLE_RATE'],
  ...['RENDER_DEADLINE_MS', 'RENDERER_SOCKET', 'PREVIEW_RENDERERS', 'SERVER_RENDERING', 'SHUTDOWN_DRAIN_MS', 'LOG_LEVEL'],
  ...['METRICS_PORT', 'METRICS_HOST', 'METRICS_TOKEN', 'METRICS_TOKEN_FILE'],
  ...['CART_DATA_DIR', 'DATABASE_URL', 'CATALOGUE_PATH', 'SESSION_KEYS', 'ADMIN_TOKEN', 'NODE_ENV'],
]);
const isShopSetting = (name: string) => SHOP_SETTINGS.has(name) || name.startsWith('OTEL_') || name.startsWith('CANARY_');

export type StackPortSet = Record<ShopProcess, number> & { metrics: number };

/** The README's ports moved by `offset` (0: the README's own). */
export function readmePorts(offset = 0): StackPortSet {
  const ports = Object.fromEntries(SHOP_PROCESSES.map((name) => [name, DEFAULT_PORTS[name] + offset])) as Record<ShopProcess, number>;
  return { ...ports, metrics: DEFAULT_METRICS_PORT + offset };
}

export interface ShopStack {
  /** The shop's origin, as a shopper's browser opens it. */
  url: string;
  /** How it came to run, for the report: started here by run-stack.ts, or found at BENCH_SHOP_URL. */
  how: string;
  /** Its ports when this bench started it (undefined for BENCH_SHOP_URL's). */
  ports: StackPortSet | undefined;
  /** The last part of what the supervisor and its processes printed. */
  output(): string;
  /** The supervisor's pid when this bench started it (its packages' servers are among its descendants). */
  pid?: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** A signal to a process (or, with a negative pid, its group) that may be gone already. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

async function status(url: string): Promise<number | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return `no answer (${(error as Error).message})`;
  }
}

/** Whether something already listens on a loopback port (another shop, the other engineer's stack…). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(true));
    server.listen(port, '127.0.0.1', () => server.close(() => done(false)));
  });
}

/**
 * Polls until every process answers its /healthz (each server's liveness) and the shell answers 200 on `/` (a page,
 * through its renderer and cart-service): what a shopper needs, not a fixed delay.
 */
async function waitUntilServing(url: string, ports: StackPortSet, given: { exited: () => string | null; poll: () => void }): Promise<void> {
  const checks = [...SHOP_PROCESSES.map((name) => `http://127.0.0.1:${ports[name]}/healthz`), `${url}/healthz`, `${url}/`];
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    given.poll();
    const exited = given.exited();
    if (exited) throw new Error(`run-stack.ts ${exited} before the shop was ready`);
    const answers = await Promise.all(checks.map(async (check) => [check, await status(check)] as const));
    const waiting = answers.filter(([, answer]) => answer !== 200);
    if (waiting.length === 0) return;
    last = waiting.map(([check, answer]) => `${check} → ${answer}`).join('; ');
    await sleep(250);
  }
  throw new Error(`the shop was not ready within ${READY_TIMEOUT_MS / 1000} s: ${last}`);
}

/** The remotes file the baseline's shell would start from, each remote's default port moved by `offset`. */
function movedRemotes(root: string, offset: number): RemotesConfig {
  const live = join(root, 'shell/.data/remotes.json');
  const file = existsSync(live) ? live : join(root, 'shell/config/remotes.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as RemotesConfig;
  // Only a release on its remote's default port is this checkout's own server; any other address is left as written.
  const moved = (name: RemoteName, entry: string) => {
    const url = new URL(entry);
    const defaultPort = DEFAULT_PORTS[REMOTE_PACKAGES[name]];
    if (url.port === String(defaultPort)) url.port = String(defaultPort + offset);
    return url.href;
  };
  return {
    ...config,
    remotes: config.remotes.map((remote) => ({ ...remote, entry: moved(remote.name, remote.entry) })),
    ...(config.canary ? { canary: { ...config.canary, entry: moved(config.canary.name, config.canary.entry) } } : {}),
  };
}

/**
 * Starts `node --import tsx scripts/run-stack.ts` in `root` (installed and built) on `readmePorts(offset)`, in a process
 * group of its own, and waits until the shop serves. Stopped by SIGTERM to that group (the supervisor stops its
 * packages' groups), SIGKILL to whatever is left of its tree after 20 s.
 */
export async function startReadmeStack(
  root: string,
  options: { portOffset?: number; log?: (line: string) => void; settings?: Record<string, string> } = {},
): Promise<ShopStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const offset = options.portOffset ?? 0;
  const ports = readmePorts(offset);
  if (!existsSync(join(root, 'scripts/run-stack.ts'))) throw new Error(`${root} has no scripts/run-stack.ts: not a checkout of the shop`);
  for (const name of SHOP_PROCESSES) {
    if (await portTaken(ports[name])) {
      throw new Error(
        `port ${ports[name]} (${name}) is taken: a shop already runs there? Stop it, measure it with BENCH_SHOP_URL, ` +
          'or move the baseline with BENCH_BASELINE_PORT_OFFSET',
      );
    }
  }
  // A taken metrics port only costs the shop its /metrics listener (it logs and serves on): said, not fatal.
  if (await portTaken(ports.metrics)) log(`  note: metrics port ${ports.metrics} is taken; ${root}'s shell will run without its metrics listener`);

  const inherited = Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const dropped = inherited.filter(([name]) => isShopSetting(name)).map(([name]) => name);
  if (dropped.length > 0) log(`  the README's defaults: not passing ${dropped.sort().join(', ')} from the bench's environment`);
  const env: Record<string, string> = Object.fromEntries(inherited.filter(([name]) => !isShopSetting(name)));
  // What the bench itself measures on purpose (bench:catalogue-scale's database): said, then set.
  for (const [name, value] of Object.entries(options.settings ?? {})) {
    log(`  set for this measurement: ${name}=${value}`);
    env[name] = value;
  }
  let tempDir: string | undefined;
  if (offset !== 0) {
    for (const name of SHOP_PROCESSES) env[PORT_VARIABLES[name]] = String(ports[name]);
    env.METRICS_PORT = String(ports.metrics);
    tempDir = await mkdtemp(join(tmpdir(), 'shop-bench-readme-'));
    env.REMOTES_CONFIG = join(tempDir, 'remotes.json');
    await writeFile(env.REMOTES_CONFIG, JSON.stringify(movedRemotes(root, offset), null, 2));
  }

  let output = '';
  const runner = spawn(process.execPath, ['--import', 'tsx', 'scripts/run-stack.ts'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  runner.stdout.on('data', keep);
  runner.stderr.on('data', keep);
  let exit: string | null = null;
  const exited = new Promise<void>((done) => {
    runner.once('exit', (code, signal) => {
      exit = signal ? `stopped by ${signal}` : `exited with code ${code}`;
      done();
    });
    runner.once('error', (error) => {
      exit = `could not start (${error.message})`;
      done();
    });
  });

  // The packages' process groups are the supervisor's children, each detached: once it is gone they have no parent to
  // be found by. So the tree is noted while it lives (each readiness poll, and before stopping), to kill what is left.
  const known = new Map<number, ProcessInfo>();
  const noteTree = () => {
    if (runner.pid !== undefined && exit === null) for (const each of descendants(runner.pid)) known.set(each.pid, each);
  };
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const pid = runner.pid;
      noteTree();
      if (pid !== undefined && exit === null) {
        signal(-pid, 'SIGTERM');
        const inTime = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
        if (!inTime) {
          log(`  run-stack.ts in ${root} did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killing what is left`);
          signal(-pid, 'SIGKILL');
        }
      }
      for (const leftover of [...known.values()].filter(stillAlive)) signal(leftover.pid, 'SIGKILL');
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
      forget();
    })());
  const forget = onInterrupt(close);

  const url = `http://localhost:${ports.shell}`;
  try {
    await waitUntilServing(url, ports, { exited: () => exit, poll: noteTree });
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n--- run-stack.ts in ${root} printed:\n${output.slice(-4_000)}`, { cause: error });
  }
  const how = `node --import tsx scripts/run-stack.ts in ${root}${offset === 0 ? ", the README's ports" : `, ports +${offset}`} (shell ${ports.shell}, remotes ${ports['mf-frame']}–${ports['mf-catalog-pages']}, cart-service ${ports['cart-service']}, metrics ${ports.metrics})`;
  return { url, how, ports, output: () => output, close, ...(runner.pid !== undefined ? { pid: runner.pid } : {}) };
}

/** A stack someone else started (BENCH_SHOP_URL): checked like a started one, never stopped. */
export async function runningShopStack(url: string): Promise<ShopStack> {
  const origin = new URL(url).origin;
  for (const path of ['/healthz', '/']) {
    const answer = await status(`${origin}${path}`);
    if (answer !== 200) throw new Error(`BENCH_SHOP_URL: ${origin}${path} answers ${answer}, not 200`);
  }
  return { url: origin, how: `already running at ${origin} (BENCH_SHOP_URL; its checkout is taken to be the work tree)`, ports: undefined, output: () => '', close: async () => undefined };
}

export interface MeasuredStack {
  label: 'before' | 'after';
  root: string;
  commit: string;
  stack: ShopStack;
}

/**
 * The stacks a comparison measures: BENCH_BASELINE_ROOT's (when set) as `before`, on the README's ports moved by
 * BENCH_BASELINE_PORT_OFFSET, and the work tree's as `after`, on the README's ports, or BENCH_SHOP_URL's. One after the
 * other (the two cores stay with one start at a time); on a failure, whatever started is stopped.
 */
export async function measuredStacks(baselineRoot: string | undefined, log: (line: string) => void): Promise<MeasuredStack[]> {
  const offset = Math.round(envNumber('BENCH_BASELINE_PORT_OFFSET', 100));
  const shopUrl = process.env.BENCH_SHOP_URL;
  if (baselineRoot && resolve(baselineRoot) === repoRoot) throw new Error('BENCH_BASELINE_ROOT is the work tree itself: name another checkout');
  if (baselineRoot && offset === 0) throw new Error('BENCH_BASELINE_PORT_OFFSET must not be 0: the two stacks would share the ports');
  const stacks: MeasuredStack[] = [];
  try {
    if (baselineRoot) {
      const root = resolve(baselineRoot);
      log(`before: starting ${root} @ ${commitOf(root)} as its README does`);
      stacks.push({ label: 'before', root, commit: commitOf(root), stack: await startReadmeStack(root, { portOffset: offset, log }) });
    }
    log(`after: ${shopUrl ? `the stack at ${shopUrl}` : `starting ${repoRoot} @ ${commitOf(repoRoot)} as its README does`}`);
    const stack = shopUrl ? await runningShopStack(shopUrl) : await startReadmeStack(repoRoot, { log });
    stacks.push({ label: 'after', root: repoRoot, commit: commitOf(repoRoot), stack });
  } catch (error) {
    await Promise.all(stacks.map((each) => each.stack.close()));
    throw error;
  }
  for (const each of stacks) log(`  ${each.label}: ${each.stack.how}`);
  return stacks;
}
