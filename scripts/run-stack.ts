// Starts the whole shop: cart-service, the three remotes' servers and the shell, on the design's ports
// (environment variables override them), and supervises them: a process that dies is restarted with an exponential
// backoff while the others keep serving (the shop shows its French fallbacks meanwhile). Ctrl-C or SIGTERM stops
// them all. Production runs the same processes under a real supervisor (deploy/, docs/decisions/012).
// Run as `node --import tsx scripts/run-stack.ts [--dev]` (one process, so a signal reaches it once).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { groupAlive, signalGroup } from '../deploy/fleet/daemons';
import { environmentFor, PORT_VARIABLES, portFromEnv, SHOP_PROCESSES, type ShopProcess } from '@shop/contracts/ports';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
const dev = values.dev;

const ports = Object.fromEntries(SHOP_PROCESSES.map((name) => [PORT_VARIABLES[name], portFromEnv(name, process.env)]));
const shopUrl = `http://localhost:${portFromEnv('shell', process.env)}`;
const cartServicePort = portFromEnv('cart-service', process.env);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...ports,
  SHOP_ORIGIN: process.env.SHOP_ORIGIN ?? shopUrl,
  CART_SERVICE_URL: process.env.CART_SERVICE_URL ?? `http://127.0.0.1:${cartServicePort}`,
  // The operators' console handles orders through cart-service's /admin API with this token, which only the shell and
  // cart-service hold. Unset, each start draws a new one (nobody else needs it; the orders command needs it set).
  ADMIN_TOKEN: process.env.ADMIN_TOKEN || randomBytes(24).toString('hex'),
};
const cartServiceUrl = env.CART_SERVICE_URL!;

/** Restart backoff: 0.5 s, 1 s, 2 s, 4 s, then 5 s; back to 0.5 s once a process has run 10 s without dying. */
const BACKOFF = { firstMs: 500, maxMs: 5_000, stableMs: 10_000 };
/** How long a process group gets after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 8_000;

// Each package's own script, so the stack runs exactly what a team runs alone.
const script = dev ? 'dev' : 'serve';
const colors = { yellow: 33, magenta: 35, cyan: 36, green: 32, blue: 34, gray: 90 } as const;
type Color = keyof typeof colors;
const packages: Array<{ name: ShopProcess; color: Color }> = [
  { name: 'cart-service', color: 'yellow' },
  { name: 'mf-frame', color: 'magenta' },
  { name: 'mf-cart', color: 'cyan' },
  { name: 'mf-catalog-pages', color: 'green' },
  { name: 'shell', color: 'blue' },
];

const tty = process.stdout.isTTY;
const label = (name: string, color: Color) => (tty ? `\x1b[${colors[color]}m[${name}]\x1b[0m` : `[${name}]`);
const say = (message: string) => console.log(`${label('supervisor', 'gray')} ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM to the whole group, SIGKILL after the grace period, and wait until no process of it is left. */
async function stopGroup(pgid: number, { signal = 'SIGTERM' as NodeJS.Signals, graceMs = STOP_GRACE_MS } = {}): Promise<void> {
  signalGroup(pgid, signal);
  const killAt = Date.now() + graceMs;
  let killed = signal === 'SIGKILL';
  while (groupAlive(pgid)) {
    if (!killed && Date.now() >= killAt) {
      signalGroup(pgid, 'SIGKILL');
      killed = true;
    }
    await sleep(50);
  }
}

let stopping = false;

class Supervised {
  readonly name: ShopProcess;
  readonly color: Color;
  child: ChildProcess | undefined = undefined;
  failures = 0;
  restartTimer: NodeJS.Timeout | undefined = undefined;
  exited: Promise<void> = Promise.resolve();

  constructor({ name, color }: { name: ShopProcess; color: Color }) {
    this.name = name;
    this.color = color;
  }

  start(): void {
    if (stopping) return;
    const startedAt = Date.now();
    // Its own process group (detached): npm → sh → node is stopped, and cleaned after a death, as one.
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: resolve(root, this.name),
      env: environmentFor(this.name, env),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const prefix = label(this.name, this.color);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix} ${line}\n`),
      );
    }
    this.exited = new Promise<void>((done) => {
      let handled = false;
      const exited = (code: number | null, signal: NodeJS.Signals | null) => {
        if (handled) return;
        handled = true;
        this.onExit(child, code, signal, startedAt).finally(done);
      };
      // 'exit', not 'close': when npm alone dies, its orphans still hold the pipes open.
      child.once('exit', exited);
      child.once('error', (error) => {
        console.error(`${label('supervisor', 'gray')} ${this.name} : démarrage impossible (${error.message})`);
        exited(null, null);
      });
    });
  }

  async onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null, startedAt: number): Promise<void> {
    const how = signal ? `signal ${signal}` : `code ${code}`;
    // Whatever is left of its group (a killed leaf leaves nothing; a killed npm leaves sh and node on the port).
    if (child.pid) await stopGroup(child.pid, { signal: stopping ? 'SIGTERM' : 'SIGKILL' });
    if (this.child === child) this.child = undefined;
    if (stopping) {
      say(`${this.name} arrêté (${how})`);
      return;
    }
    const ranMs = Date.now() - startedAt;
    if (ranMs >= BACKOFF.stableMs) this.failures = 0;
    const delay = Math.min(BACKOFF.firstMs * 2 ** this.failures, BACKOFF.maxMs);
    this.failures += 1;
    console.error(
      `${label('supervisor', 'gray')} ${this.name} s'est arrêté (${how}) après ${(ranMs / 1000).toFixed(1)} s ; ` +
        `redémarrage n° ${this.failures} dans ${delay} ms`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (stopping) return;
      say(`${this.name} redémarre (n° ${this.failures})`);
      this.start();
    }, delay);
  }

  async stop(): Promise<void> {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const child = this.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) signalGroup(child.pid, 'SIGTERM');
    if (child?.pid) {
      // The exit handler waits for the group (SIGKILL after the grace period).
      const pid = child.pid;
      const forced = setTimeout(() => signalGroup(pid, 'SIGKILL'), STOP_GRACE_MS);
      await this.exited;
      clearTimeout(forced);
    }
  }
}

const supervised = packages.map((p) => new Supervised(p));
for (const s of supervised) s.start();

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    // A second Ctrl-C: no more patience.
    for (const s of supervised) if (s.child?.pid) signalGroup(s.child.pid, 'SIGKILL');
    return;
  }
  stopping = true;
  say(`${signal} reçu : arrêt de tous les processus`);
  await Promise.all(supervised.map((s) => s.stop()));
  say('tout est arrêté');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

// Say where the shop is once the shell and cart-service answer (readiness, not a fixed delay).
const started = Date.now();
const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};
(async function announceWhenReady() {
  while (!stopping && Date.now() - started < 120_000) {
    if ((await answers(`${shopUrl}/healthz`)) && (await answers(`${cartServiceUrl}/healthz`))) {
      console.log(`\n  La boutique est prête : ${shopUrl}\n  (Ctrl-C pour tout arrêter)\n`);
      return;
    }
    await sleep(250);
  }
})();
