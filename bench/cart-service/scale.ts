/**
 * cart-service at scale: does the service slow down as the database fills up?
 *   npx tsx bench/cart-service/scale.ts            (from the repository root; or `npx -y pnpm@10.34.9 bench:scale`)
 *
 * For each backing (`embedded`: PGlite in a data folder, the default; `postgres`: a PostgreSQL server this script
 * starts on a free loopback port) and each size (existing carts, and past orders), it:
 *   1. fills a fresh database directly with SQL (`INSERT … SELECT generate_series(…)`, fill.ts in a child process),
 *      never through the HTTP API: carts with 1 to 3 lines each, live (changed within the last 29 days); past orders
 *      spread over a year with their stock movements, and the idempotency keys of the last 24 hours' orders; ANALYZE;
 *   2. starts the real app in a child process (`server.ts app`, started like main.ts: open and migrate the database,
 *      seed stock, purge expired rows, listen) and times it from spawn to `READY`;
 *   3. measures, one after the other, with a short warm-up before each:
 *      - POST /api/cart/add, BENCH_CONNECTIONS connections (autocannon): each request takes the next of
 *        BENCH_SESSIONS session cookies in turn (one shared counter in `setupRequest`), so the adds spread over that
 *        many carts (each new cart is created by its first add) rather than hammering one row;
 *      - POST /api/orders, BENCH_ORDER_WORKERS workers (fetch): each repeats "add one line, place the order (a fresh
 *        Idempotency-Key), keep the rotated session cookie"; orders/s counts placed orders (each loop also does its
 *        add), p99 is the order call's;
 *      - GET /api/cart with a session (a cart with lines), 50 connections, closed loop (as fast as it answers: its p99
 *        is mostly waiting in the queue), then at a steady offered rate (BENCH_GET_RATE requests/s, open loop, at most
 *        50 connections; see steadyGets);
 *   4. reads the child's resident memory (/proc/<pid>/status VmRSS) after the loads, and stops it.
 * The machine has 2 cores shared by the app, this load generator and PostgreSQL: anything else running spoils the
 * figures. Before each size's loads the script waits (BENCH_QUIET_WAIT s at most) for other processes to fall below
 * 10% of the machine, and it reports the share they took during the loads (`others%`).
 * Every figure is printed with its ratio to the smallest size without past orders (100 carts) measured in the same run.
 * Goals (issue): at 100,000 carts add and order within 2x of 100 carts (req/s at least half, p99 at most double);
 * GET /api/cart p99 <= 10 ms at 50 connections. Missed goals print `NOT MET`; the exit code is non-zero only when
 * something could not be measured (an answer other than the expected status is an error).
 *
 * Options (environment):
 *   BENCH_SIZES          sizes, comma-separated: `<carts>` or `<carts>:<past orders>` (100,10000,100000,100:50000)
 *   BENCH_BACKINGS       embedded,postgres
 *   BENCH_DURATION       seconds per measurement (5)          BENCH_WARMUP         seconds of warm-up (1)
 *   BENCH_CONNECTIONS    connections for POST add (10)        BENCH_SESSIONS       session cookies for POST add (1000)
 *   BENCH_ORDER_WORKERS  concurrent order loops (10)          BENCH_GET_RATE       steady rate for GET /api/cart (1000)
 *   BENCH_QUIET_WAIT     seconds to wait for a quiet machine before each size (120)
 *   BENCH_ROUNDS         rounds over all sizes, every other one in reverse order; figures are medians (1)
 * Writes bench/results/cart-service-scale.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { readCatalogueFile } from '../../cart-service/src/catalogue/catalogue-file.ts';
import { openPgClient } from '../../cart-service/src/db/pg-client.ts';
import { startPostgresServer, type PostgresServer } from '../../cart-service/src/test-support/postgres-server.ts';
import { median, writeResults } from '../frontend/util.ts';
import { cpuTicks, cpuWindow, memoryMB, othersPercent, waitForQuiet, type CpuUse } from './machine.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const env = process.env;
const duration = Number(env.BENCH_DURATION ?? 5);
const warmup = Number(env.BENCH_WARMUP ?? 1);
const addConnections = Number(env.BENCH_CONNECTIONS ?? 10);
const sessionCount = Number(env.BENCH_SESSIONS ?? 1000);
const orderWorkers = Number(env.BENCH_ORDER_WORKERS ?? 10);
const getConnections = 50;
const getRate = Number(env.BENCH_GET_RATE ?? 1000);
const quietWait = Number(env.BENCH_QUIET_WAIT ?? 120);
const rounds = Math.max(1, Number(env.BENCH_ROUNDS ?? 1));
const ORIGIN = 'http://localhost:3000';
const DELIVERY = { fullName: 'Amina Berrada', phone: '0612345678', city: 'Rabat', address: '12, avenue Mohammed V, Agdal' };
const GOAL_RATIO = 2;
const GET_P99_GOAL_MS = 10;

type BackingName = 'embedded' | 'postgres';

interface Size {
  carts: number;
  orders: number;
  label: string;
}

interface Latency {
  p50: number;
  p99: number;
}

interface CaseResult {
  backing: BackingName;
  size: Size;
  prepare: { ms: number; databaseMB: number };
  startup: { ms: number; steps: Record<string, unknown> };
  rssMB: { ready: number; afterLoad: number; peak: number };
  add: { requestsPerSecond: number; cpu: CpuUse } & Latency;
  order: { ordersPerSecond: number; orders: number; addInLoop: Latency; cpu: CpuUse } & Latency;
  getCart: { requestsPerSecond: number; cpu: CpuUse } & Latency;
  getCartFixedRate: { offeredPerSecond: number; requestsPerSecond: number } & Latency;
  /** Share of the machine (all cores) other processes used while the loads ran: more than a few % spoils figures. */
  othersCpuPercent: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

function parseSizes(text: string): Size[] {
  return text.split(',').map((item) => {
    const match = /^\s*(\d+)(?::(\d+))?\s*$/.exec(item);
    if (!match) throw new Error(`BENCH_SIZES: "${item}" is not <carts> or <carts>:<orders>`);
    const carts = Number(match[1]);
    const orders = Number(match[2] ?? 0);
    const label = `${carts.toLocaleString('en')} carts${orders ? ` + ${orders.toLocaleString('en')} orders` : ''}`;
    return { carts, orders, label };
  });
}

const sizes = parseSizes(env.BENCH_SIZES ?? '100,10000,100000,100:50000');
const backings = (env.BENCH_BACKINGS ?? 'embedded,postgres').split(',').map((name) => {
  if (name !== 'embedded' && name !== 'postgres') throw new Error(`BENCH_BACKINGS: unknown backing "${name}"`);
  return name;
});
const productIds = readCatalogueFile().map((product) => product.id);

/** What to undo if the run is interrupted (Ctrl-C): the app, the temporary databases, the PostgreSQL server. */
const cleanups = new Set<() => Promise<void>>();
async function withCleanup<T>(cleanup: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  cleanups.add(cleanup);
  try {
    return await work();
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const round1 = (value: number) => Math.round(value * 10) / 10;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. The database, filled directly with SQL (fill.ts).

/** A filled database for one size; `appEnv` tells server.ts where it is. */
interface PreparedDatabase {
  appEnv: Record<string, string>;
  prepare: CaseResult['prepare'];
  dispose(): Promise<void>;
}

interface Backing {
  name: BackingName;
  prepare(size: Size, index: number): Promise<PreparedDatabase>;
  stop(): Promise<void>;
}

/** Runs fill.ts in a child process on `where` (a PGlite folder or a postgres:// URL). */
function fill(where: string, size: Size): Promise<CaseResult['prepare']> {
  const child = spawn(tsx, [join(here, 'fill.ts'), where, String(size.carts), String(size.orders)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolveFill, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const filled = /FILLED (\{.*\})/.exec(output);
      if (code === 0 && filled?.[1]) resolveFill(JSON.parse(filled[1]) as CaseResult['prepare']);
      else reject(new Error(`fill.ts exited (${code}):\n${output}`));
    });
  });
}

function embeddedBacking(): Backing {
  return {
    name: 'embedded',
    async prepare(size) {
      const dataDir = mkdtempSync(join(tmpdir(), 'cart-service-scale-'));
      const dispose = async () => rmSync(dataDir, { recursive: true, force: true });
      try {
        return { appEnv: { BENCH_DATA_DIR: dataDir }, prepare: await fill(join(dataDir, 'database'), size), dispose };
      } catch (error) {
        await dispose();
        throw error;
      }
    },
    async stop() {},
  };
}

async function postgresBacking(): Promise<Backing> {
  const server: PostgresServer = await startPostgresServer();
  const admin = await openPgClient({ url: server.url, poolSize: 1 });
  return {
    name: 'postgres',
    async prepare(size, index) {
      const name = `scale_${index}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      return {
        appEnv: { BENCH_DATABASE_URL: server.urlFor(name) },
        prepare: await fill(server.urlFor(name), size),
        dispose: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
    async stop() {
      await admin.close();
      await server.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The app in a child process.

interface App {
  url: string;
  pid: number;
  child: ChildProcess;
  startupMs: number;
  steps: Record<string, unknown>;
}

function startApp(appEnv: Record<string, string>): Promise<App> {
  const started = performance.now();
  const child = spawn(tsx, [join(here, 'server.ts'), 'app'], { cwd: root, env: { ...env, ...appEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveApp, reject) => {
    let output = '';
    const onExit = (code: number | null) => reject(new Error(`the app exited (${code}) before it was ready:\n${output}`));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /READY (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      const steps = /STARTUP (\{.*\})/.exec(output);
      if (ready?.[1] && steps?.[1]) {
        const startupMs = performance.now() - started;
        child.off('exit', onExit);
        const parsed = JSON.parse(steps[1]) as Record<string, unknown> & { pid: number };
        resolveApp({ url: ready[1], pid: parsed.pid, child, startupMs, steps: parsed });
      }
    });
    child.once('exit', onExit);
  });
}

function stopApp(app: App): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    app.child.once('exit', () => done());
    app.child.kill('SIGTERM');
  });
}


// ---------------------------------------------------------------------------------------------------------------
// 3. The loads.

/** Cookies kept by name, as a browser would (the session rotates when an order is placed). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  const body = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${body.slice(0, 300)}`);
}

/** `count` new sessions (a first GET /api/cart each), 10 at a time. */
async function newSessions(url: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count) {
        next += 1;
        const jar = new CookieJar();
        const response = await fetch(`${url}/api/cart`);
        await expectStatus(response, 200, 'GET /api/cart');
        jar.take(response);
        cookies.push(jar.header());
      }
    }),
  );
  return cookies;
}

function checked(name: string, result: AutocannonResult): AutocannonResult {
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

async function addLoad(url: string, appPid: number, sessions: string[]): Promise<CaseResult['add']> {
  let counter = 0;
  const headers = { 'content-type': 'application/json', origin: ORIGIN };
  const run = (seconds: number) =>
    autocannon({
      url,
      connections: addConnections,
      pipelining: 1,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/cart/add',
          // The next session in turn; each session adds one unit of its own three products in turn (a cart of up to 3
          // lines, never near the 99-unit cap however long the run).
          setupRequest: (request: Record<string, unknown>) => {
            const i = counter++;
            const session = i % sessions.length;
            const pass = Math.floor(i / sessions.length);
            const productId = productIds[(session + (pass % 3) * 11) % productIds.length];
            return { ...request, headers: { ...headers, cookie: sessions[session] }, body: JSON.stringify({ productId, quantity: 1 }) };
          },
        },
      ],
    }) as Promise<AutocannonResult>;
  if (warmup > 0) checked('POST /api/cart/add (warm-up)', await run(warmup));
  const cpu = cpuWindow(appPid);
  const result = checked('POST /api/cart/add', await run(duration));
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu: cpu.per(result.requests.total) };
}

/** `workers` loops of "add a line, place the order" for `seconds`. */
async function orderLoops(url: string, seconds: number, runId: string): Promise<{ orders: number; elapsedMs: number; order: number[]; add: number[] }> {
  const orderLatencies: number[] = [];
  const addLatencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: orderWorkers }, async (_, worker) => {
      const jar = new CookieJar();
      const first = await fetch(`${url}/api/cart`);
      await expectStatus(first, 200, 'GET /api/cart');
      jar.take(first);
      for (let i = 0; performance.now() < deadline; i += 1) {
        const productId = productIds[(worker * 7 + i) % productIds.length];
        const beforeAdd = performance.now();
        const added = await fetch(`${url}/api/cart/add`, {
          method: 'POST',
          headers: { cookie: jar.header(), 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ productId, quantity: 1 }),
        });
        await expectStatus(added, 200, 'POST /api/cart/add');
        jar.take(added);
        const beforeOrder = performance.now();
        addLatencies.push(beforeOrder - beforeAdd);
        const ordered = await fetch(`${url}/api/orders`, {
          method: 'POST',
          headers: { cookie: jar.header(), 'content-type': 'application/json', origin: ORIGIN, 'idempotency-key': `${runId}-${worker}-${i}` },
          body: JSON.stringify(DELIVERY),
        });
        await expectStatus(ordered, 201, 'POST /api/orders');
        orderLatencies.push(performance.now() - beforeOrder);
        jar.take(ordered); // the new session, with an empty cart
      }
    }),
  );
  return { orders: orderLatencies.length, elapsedMs: performance.now() - started, order: orderLatencies, add: addLatencies };
}

async function orderLoad(url: string, appPid: number): Promise<CaseResult['order']> {
  const runId = `b${Date.now().toString(36)}`;
  if (warmup > 0) await orderLoops(url, warmup, `${runId}w`);
  const cpu = cpuWindow(appPid);
  const result = await orderLoops(url, duration, runId);
  return {
    ordersPerSecond: result.orders / (result.elapsedMs / 1000),
    orders: result.orders,
    p50: round1(percentile(result.order, 50)),
    p99: round1(percentile(result.order, 99)),
    addInLoop: { p50: round1(percentile(result.add, 50)), p99: round1(percentile(result.add, 99)) },
    cpu: cpu.per(result.orders),
  };
}

/**
 * GET /api/cart offered at a steady `rate` (open loop): a request is sent every 1/rate s whether or not the earlier
 * ones have been answered, over at most `getConnections` keep-alive connections. autocannon's `overallRate` is not
 * used: it lets each connection send its whole per-second quota back to back at the start of every second (bursts,
 * not a steady rate) and "corrects" latencies with an expected interval of ceil(1/rate) = 1 ms, which inflates p99.
 * A latency runs from handing the request to the connection pool (so waiting for a free connection counts) to the
 * last byte of the answer.
 */
async function steadyGets(url: string, cookie: string, rate: number, seconds: number): Promise<{ requestsPerSecond: number } & Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: getConnections });
  const target = new URL(`${url}/api/cart`);
  const latencies: number[] = [];
  const failures: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const getOnce = () =>
    new Promise<void>((done) => {
      const sent = performance.now();
      const request = httpRequest(target, { agent, headers: { cookie } }, (response) => {
        response.resume();
        response.once('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - sent);
          else failures.push(`status ${response.statusCode}`);
          done();
        });
      });
      request.once('error', (error) => {
        failures.push(error.message);
        done();
      });
      request.end();
    });
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent += 1) {
      const pending = getOnce().finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    }
    await new Promise((wake) => setTimeout(wake, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (failures.length > 0) throw new Error(`GET /api/cart at ${rate}/s: ${failures.length} failures, e.g. ${failures[0]}`);
  return { requestsPerSecond: latencies.length / elapsed, p50: round1(percentile(latencies, 50)), p99: round1(percentile(latencies, 99)) };
}

async function getCartLoad(url: string, appPid: number, cookie: string): Promise<Pick<CaseResult, 'getCart' | 'getCartFixedRate'>> {
  const run = (seconds: number) =>
    autocannon({ url: `${url}/api/cart`, headers: { cookie }, connections: getConnections, pipelining: 1, duration: seconds }) as Promise<AutocannonResult>;
  if (warmup > 0) checked('GET /api/cart (warm-up)', await run(warmup));
  const cpu = cpuWindow(appPid);
  const closed = checked('GET /api/cart', await run(duration));
  const cpuUse = cpu.per(closed.requests.total);
  const steady = await steadyGets(url, cookie, getRate, duration);
  return {
    getCart: { requestsPerSecond: closed.requests.average, p50: closed.latency.p50, p99: closed.latency.p99, cpu: cpuUse },
    getCartFixedRate: { offeredPerSecond: getRate, ...steady },
  };
}

const describeCpu = (cpu: CpuUse) =>
  `CPU ms: app ${cpu.appMs}, PostgreSQL ${cpu.databaseServerMs}, load generator ${cpu.loadGeneratorMs}`;

async function measureSize(backing: Backing, size: Size, index: number, round: number): Promise<CaseResult> {
  log(`\n[${backing.name}] ${size.label}${rounds > 1 ? ` (round ${round + 1}/${rounds})` : ''}: filling the database…`);
  const database = await backing.prepare(size, index);
  return withCleanup(database.dispose, async () => {
    log(`  filled in ${(database.prepare.ms / 1000).toFixed(1)} s (${database.prepare.databaseMB} MB); starting the app…`);
    const app = await startApp(database.appEnv);
    return withCleanup(() => stopApp(app), async () => {
      const ready = memoryMB(app.pid);
      log(`  ready in ${app.startupMs.toFixed(0)} ms (${JSON.stringify(app.steps)}), RSS ${ready.rss} MB`);
      await waitForQuiet(quietWait, log);
      const cpuBefore = cpuTicks();
      const sessions = await newSessions(app.url, sessionCount);
      const add = await addLoad(app.url, app.pid, sessions);
      log(`  add: ${add.requestsPerSecond.toFixed(0)} req/s, p99 ${add.p99} ms; ${describeCpu(add.cpu)} per request`);
      const order = await orderLoad(app.url, app.pid);
      log(`  order: ${order.ordersPerSecond.toFixed(0)}/s, p99 ${order.p99} ms; ${describeCpu(order.cpu)} per add + order`);
      // A returning visitor's cart: the first session, which the add load filled with 3 lines.
      const get = await getCartLoad(app.url, app.pid, sessions[0]!);
      log(
        `  GET /api/cart: ${get.getCart.requestsPerSecond.toFixed(0)} req/s, p99 ${get.getCart.p99} ms; ${describeCpu(get.getCart.cpu)} per request; ` +
          `at ${getRate}/s p99 ${get.getCartFixedRate.p99} ms`,
      );
      const after = memoryMB(app.pid);
      const othersCpuPercent = othersPercent(cpuBefore);
      if (othersCpuPercent >= 10) log(`  other processes used ${othersCpuPercent}% of the machine during these loads: the figures suffer`);
      return {
        backing: backing.name,
        size,
        prepare: database.prepare,
        startup: { ms: Math.round(app.startupMs), steps: app.steps },
        rssMB: { ready: ready.rss, afterLoad: after.rss, peak: after.peak },
        add,
        order,
        ...get,
        othersCpuPercent,
      };
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 4. The report.

interface Column {
  title: string;
  width: number;
  value(result: CaseResult): number;
  digits: number;
  /** Throughput: higher is better (the goal is a ratio of at least 1/2); otherwise lower is better (at most 2). */
  higherIsBetter?: boolean;
}

const columns: Column[] = [
  { title: 'start ms', width: 9, digits: 0, value: (r) => r.startup.ms },
  { title: 'RSS MB', width: 8, digits: 0, value: (r) => r.rssMB.afterLoad },
  { title: 'add/s', width: 8, digits: 0, value: (r) => r.add.requestsPerSecond, higherIsBetter: true },
  { title: 'add p99', width: 8, digits: 1, value: (r) => r.add.p99 },
  { title: 'order/s', width: 8, digits: 0, value: (r) => r.order.ordersPerSecond, higherIsBetter: true },
  { title: 'ord p99', width: 8, digits: 1, value: (r) => r.order.p99 },
  { title: 'GET/s', width: 8, digits: 0, value: (r) => r.getCart.requestsPerSecond, higherIsBetter: true },
  { title: 'GET p99', width: 8, digits: 1, value: (r) => r.getCart.p99 },
  { title: `p99@${getRate}/s`, width: 11, digits: 1, value: (r) => r.getCartFixedRate.p99 },
];

const steadyColumn = columns[columns.length - 1]!;
const overloaded = (r: CaseResult) => r.getCartFixedRate.requestsPerSecond < 0.95 * r.getCartFixedRate.offeredPerSecond;
const sizeWidth = 28;

function baselineOf(results: CaseResult[]): CaseResult | undefined {
  const plain = results.filter((r) => r.size.orders === 0).sort((a, b) => a.size.carts - b.size.carts);
  return plain[0] ?? results[0];
}

function printBacking(name: BackingName, results: CaseResult[]): string[] {
  const baseline = baselineOf(results);
  const header = `${'size'.padEnd(sizeWidth)}${'fill s'.padStart(7)}${'DB MB'.padStart(7)}${columns.map((c) => c.title.padStart(c.width)).join('')}${'others%'.padStart(9)}`;
  log(`\n${name}: figures (p99 in ms; GET at ${getConnections} connections; others%: CPU other processes took meanwhile)`);
  log(header);
  for (const r of results) {
    log(
      `${r.size.label.padEnd(sizeWidth)}${(r.prepare.ms / 1000).toFixed(1).padStart(7)}${r.prepare.databaseMB.toFixed(0).padStart(7)}` +
        columns.map((c) => `${c.value(r).toFixed(c.digits)}${c === steadyColumn && overloaded(r) ? '*' : ''}`.padStart(c.width)).join('') +
        r.othersCpuPercent.toFixed(0).padStart(9),
    );
  }
  if (results.some(overloaded)) log(`* the app answered fewer than 95% of the ${getRate} GET/s offered: it is overloaded and this p99 is the queue's`);
  if (!baseline) return [];
  log(`${name}: ratio to ${baseline.size.label} (same run)`);
  log(`${'size'.padEnd(sizeWidth)}${''.padStart(14)}${columns.map((c) => c.title.padStart(c.width)).join('')}`);
  for (const r of results) {
    log(`${r.size.label.padEnd(sizeWidth)}${''.padStart(14)}${columns.map((c) => `${(c.value(r) / c.value(baseline)).toFixed(2)}x`.padStart(c.width)).join('')}`);
  }
  log(`${name}: CPU ms per request in the app's process / in PostgreSQL's processes (order: per add + order loop)`);
  log(`${'size'.padEnd(sizeWidth)}${''.padStart(14)}${'add'.padStart(14)}${'order loop'.padStart(14)}${'GET'.padStart(14)}`);
  const pair = (cpu: CpuUse) => `${cpu.appMs.toFixed(2)} / ${cpu.databaseServerMs.toFixed(2)}`.padStart(14);
  for (const r of results) log(`${r.size.label.padEnd(sizeWidth)}${''.padStart(14)}${pair(r.add.cpu)}${pair(r.order.cpu)}${pair(r.getCart.cpu)}`);
  return goals(name, results, baseline);
}

/** The issue's goals, one line each. */
function goals(name: BackingName, results: CaseResult[], baseline: CaseResult): string[] {
  const lines: string[] = [];
  const within = (r: CaseResult, title: string) => {
    const column = columns.find((c) => c.title === title)!;
    const ratio = column.value(r) / column.value(baseline);
    const ok = column.higherIsBetter ? ratio >= 1 / GOAL_RATIO : ratio <= GOAL_RATIO;
    return { text: `${title} ${ratio.toFixed(2)}x`, ok };
  };
  for (const r of results) {
    if (r === baseline) continue;
    const checks = ['add/s', 'add p99', 'order/s', 'ord p99'].map((title) => within(r, title));
    const ok = checks.every((c) => c.ok);
    lines.push(`${name}, ${r.size.label}: add and order within ${GOAL_RATIO}x of ${baseline.size.label} (${checks.map((c) => c.text).join(', ')}) -> ${ok ? 'met' : 'NOT MET'}`);
  }
  for (const r of results) {
    const closed = r.getCart.p99 <= GET_P99_GOAL_MS;
    const fixed = r.getCartFixedRate.p99 <= GET_P99_GOAL_MS;
    lines.push(
      `${name}, ${r.size.label}: GET /api/cart p99 <= ${GET_P99_GOAL_MS} ms at ${getConnections} connections: closed loop ${r.getCart.p99} ms -> ${closed ? 'met' : 'NOT MET'}; ` +
        `at ${getRate} req/s offered (${r.getCartFixedRate.requestsPerSecond.toFixed(0)} answered/s) ${r.getCartFixedRate.p99} ms -> ${fixed ? 'met' : 'NOT MET'}`,
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------

/** The median of each figure over rounds (objects field by field; other values from the first round). */
function medianOf<T>(items: T[]): T {
  const first = items[0];
  if (typeof first === 'number') return median(items as number[]) as T;
  if (first && typeof first === 'object' && !Array.isArray(first)) {
    const keys = Object.keys(first) as Array<keyof T>;
    return Object.fromEntries(keys.map((key) => [key, medianOf(items.map((item) => item[key]))])) as T;
  }
  return first as T;
}

const measured: CaseResult[] = [];
process.once('SIGINT', () => {
  log('\nSIGINT: stopping');
  void Promise.allSettled([...cleanups].reverse().map((cleanup) => cleanup())).finally(() => process.exit(130));
});

log(
  `cart-service scale bench: ${backings.join(' and ')}; sizes ${sizes.map((s) => s.label).join(', ')}; ${rounds} round(s); ${duration}s per measurement ` +
    `(${warmup}s warm-up); add: ${addConnections} connections over ${sessionCount} sessions; orders: ${orderWorkers} loops; ` +
    `GET: ${getConnections} connections, closed loop and ${getRate}/s; ${availableParallelism()} cores, Node ${process.version}`,
);
const startedAll = performance.now();
for (const name of backings) {
  const backing = name === 'embedded' ? embeddedBacking() : await postgresBacking();
  await withCleanup(backing.stop, async () => {
    // Every other round runs the sizes in reverse, so a drift over the run (a warming or cooling machine, memory
    // growing somewhere) does not pass for an effect of size.
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [...sizes.entries()] : [...sizes.entries()].reverse();
      for (const [index, size] of order) measured.push(await measureSize(backing, size, index, round));
    }
  });
}
const results = backings.flatMap((name) =>
  sizes.map((size) => medianOf(measured.filter((r) => r.backing === name && r.size === size))),
);

const goalLines = backings.flatMap((name) => printBacking(name, results.filter((r) => r.backing === name)));
log('');
for (const line of goalLines) log(line);

const out = writeResults('cart-service-scale.json', {
  durationSeconds: duration,
  warmupSeconds: warmup,
  addConnections,
  sessions: sessionCount,
  orderWorkers,
  getConnections,
  getRate,
  rounds,
  totalSeconds: Math.round((performance.now() - startedAll) / 1000),
  results: results.map((r) => {
    const baseline = baselineOf(results.filter((b) => b.backing === r.backing))!;
    return { ...r, ratioToBaseline: Object.fromEntries(columns.map((c) => [c.title, Math.round((c.value(r) / c.value(baseline)) * 100) / 100])) };
  }),
  goals: goalLines,
  // Every round's figures; `results` holds their medians.
  measured,
});
log(`\nwrote ${out} (${Math.round((performance.now() - startedAll) / 1000)} s)`);
