/**
 * What tracing costs shoppers' pages: `/shop/face` for 20 shoppers on keep-alive connections (autocannon, brotli
 * accepted as browsers do), on stacks started side by side, each measured in every round, in alternating order:
 *   - `off`: no OTEL variable, as the shop runs by default (only OpenTelemetry's no-op API is loaded): the baseline;
 *   - `on, ratio 1`: every request traced (parentbased_traceidratio at 1), spans exported over OTLP/HTTP in protobuf
 *     (the default) to a sink on loopback, with the SDK's default batching;
 *   - `before` (with BENCH_BASELINE_ROOT, another checkout, installed and built, e.g. the commit before tracing): its
 *     stack without OTEL variables, so that `off` against `before` shows whether tracing costs anything when off.
 * Each measure waits for a quiet machine (BENCH_QUIET_WAIT seconds at most, 120) and is taken again (3 times at most)
 * when other processes took more than a tenth of it. Prints req/s, p50, p99 (medians of BENCH_ROUNDS rounds, 3) with
 * ratios against `off`, the CPU time per page of the shell (with its renderers) and of cart-service, what the sink got,
 * and the budget: on's p50 within 5 % of off's. Not a test: a missed budget prints FAIL, the exit code stays 0.
 *   npx -y pnpm@10.34.9 bench:tracing   (BENCH_DURATION seconds per measure, default 8)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { PORT_VARIABLES } from '@shop/contracts/ports';
import { allProcesses, descendants, isRenderer } from '../e2e/support/process-tree';
import { cpuTicks, cpuWindow, othersPercent, waitForQuiet } from './cart-service/machine';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { commitOf, envNumber, median, printTable, repoRoot } from './frontend/util';

const DURATION = envNumber('BENCH_DURATION', 8);
const ROUNDS = Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 3)));
const QUIET_WAIT = envNumber('BENCH_QUIET_WAIT', 120);
const BUSY_PERCENT = 10;
const ATTEMPTS = 3;
const CONNECTIONS = 20;
/** The batch span processor exports at least this often (OTEL_BSP_SCHEDULE_DELAY's default, which the bench keeps). */
const EXPORT_DELAY_MS = 5000;
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

// Every stack inherits this process's environment: an OTEL variable of the caller's shell would trace `off` too.
for (const name of Object.keys(process.env)) if (name.startsWith('OTEL_')) delete process.env[name];

/**
 * The sink stands for a collector on another machine: it reads each POST body and counts it, never decodes it, and
 * answers 200 with an empty export response (no body for protobuf, `{}` for JSON: what a collector sends when it took
 * every span). A child process, so its work does not slow this one's load generator; it exits when this process's
 * pipe closes, even if the bench dies. GET answers the counts.
 */
const SINK = `
const http = require('node:http');
let requests = 0, bytes = 0;
const server = http.createServer((req, res) => {
  if (req.method !== 'POST') return void res.end(JSON.stringify({ requests, bytes }));
  req.on('data', (chunk) => { bytes += chunk.length; });
  req.on('end', () => {
    requests += 1;
    const json = String(req.headers['content-type']).includes('json');
    res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.stdin.on('end', () => process.exit(0)).resume();
`;

interface SinkCounts {
  requests: number;
  bytes: number;
}

async function startSink(): Promise<{ url: string; child: ChildProcess; counts(): Promise<SinkCounts> }> {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<string>((found, failed) => {
    child.stdout!.once('data', (chunk: Buffer) => found(chunk.toString().trim()));
    child.once('exit', (code) => failed(new Error(`the OTLP sink exited with code ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return { url, child, counts: async () => (await (await fetch(url)).json()) as SinkCounts };
}

interface Condition {
  label: string;
  root: string;
  env: Record<string, string>;
  stack?: BenchStack;
  measures: Measure[];
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  notOk: number;
  others: number;
  shellMs: number;
  cartServiceMs: number;
  sink?: SinkCounts;
}

/**
 * The server process of a package of `stack` (the deepest node process in its folder whose environment names the
 * stack's port for it: two stacks of one checkout run side by side), with the shell's renderers; none when not found.
 */
function serverPids(root: string, stack: BenchStack, name: 'shell' | 'cart-service'): number[] {
  const port = `${PORT_VARIABLES[name]}=${stack.ports[name]}`;
  const ownsPort = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(port);
    } catch {
      return false;
    }
  };
  const nodes = descendants(process.pid, allProcesses()).filter(
    (p) => /node$/.test(p.argv[0] ?? '') && !isRenderer(p) && p.cwd === join(root, name) && ownsPort(p.pid),
  );
  const server = nodes.find((p) => !nodes.some((other) => other.ppid === p.pid));
  if (!server) return [];
  return [server.pid, ...(name === 'shell' ? descendants(server.pid).filter(isRenderer).map((p) => p.pid) : [])];
}

/** CPU ms per page of some processes, from now until `per(pages)` (NaN when the processes are not known). */
function cpuOf(pids: number[]): { per(pages: number): number } {
  const windows = pids.map((pid) => cpuWindow(pid));
  return { per: (pages) => (pids.length === 0 ? Number.NaN : windows.reduce((sum, window) => sum + window.per(pages).appMs, 0)) };
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);

/**
 * 20 shoppers on keep-alive connections for `seconds`. Latencies are taken from each response (autocannon's own
 * percentiles are whole milliseconds, too coarse for a 5 % budget on a page of a few tens of ms).
 */
async function pageLoad(url: string, seconds: number): Promise<{ rps: number; p50: number; p99: number; notOk: number; pages: number }> {
  const latencies: number[] = [];
  let notOk = 0;
  const run = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
  (run as unknown as EventEmitter).on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status === 200) latencies.push(ms);
    else notOk += 1;
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return { rps: result.requests.average, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), notOk: notOk + result.errors, pages: latencies.length + notOk };
}

async function measure(condition: Condition, sink: Awaited<ReturnType<typeof startSink>>): Promise<Measure> {
  const stack = condition.stack!;
  const traced = condition.env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;
  for (let attempt = 1; ; attempt++) {
    await waitForQuiet(QUIET_WAIT, log);
    const shell = cpuOf(serverPids(condition.root, stack, 'shell'));
    const cartService = cpuOf(serverPids(condition.root, stack, 'cart-service'));
    const before = traced ? await sink.counts() : undefined;
    const machine = cpuTicks();
    const load = await pageLoad(`${stack.url}/shop/face`, DURATION);
    const others = othersPercent(machine);
    const figures = { rps: load.rps, p50: load.p50, p99: load.p99, notOk: load.notOk, others, shellMs: shell.per(load.pages), cartServiceMs: cartService.per(load.pages) };
    if (before) await sleep(EXPORT_DELAY_MS + 1000); // the spans of the measure's last seconds are still in the batch
    const after = traced ? await sink.counts() : undefined;
    const sinkGot = before && after ? { requests: after.requests - before.requests, bytes: after.bytes - before.bytes } : undefined;
    if (others <= BUSY_PERCENT || attempt === ATTEMPTS) return { ...figures, ...(sinkGot ? { sink: sinkGot } : {}) };
    log(`  others took ${others}% of the machine while ${condition.label} was measured: taken again`);
  }
}

const ratio = (a: number, b: number) => (!Number.isFinite(a) || !Number.isFinite(b) || b === 0 ? '—' : `×${(a / b).toFixed(3)}`);
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const MB = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** The medians of a condition's measures (the busiest others kept, answers that were not 200 added up). */
function summary(condition: Condition): Measure {
  const of = (figure: 'rps' | 'p50' | 'p99' | 'shellMs' | 'cartServiceMs') => median(condition.measures.map((m) => m[figure]));
  const sinks = condition.measures.flatMap((m) => (m.sink ? [m.sink] : []));
  return {
    rps: of('rps'),
    p50: of('p50'),
    p99: of('p99'),
    shellMs: of('shellMs'),
    cartServiceMs: of('cartServiceMs'),
    notOk: condition.measures.reduce((sum, m) => sum + m.notOk, 0),
    others: Math.max(...condition.measures.map((m) => m.others)),
    ...(sinks.length > 0 ? { sink: sinks.reduce((sum, s) => ({ requests: sum.requests + s.requests, bytes: sum.bytes + s.bytes })) } : {}),
  };
}

/** Lines of a stack's output (its processes log at `warn` and above): anything here when tracing is on is news. */
function logLines(condition: Condition): string[] {
  const services = ['shell', 'cart-service', 'mf-frame', 'mf-cart', 'mf-catalog-pages'] as const;
  return services.flatMap((service) =>
    condition
      .stack!.logs(service)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `${service}: ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`),
  );
}

function report(conditions: Condition[]): void {
  const [off, on, before] = ['off', 'on, ratio 1', 'before'].map((label) => conditions.find((c) => c.label === label));
  const figures = new Map(conditions.map((c) => [c, summary(c)]));
  const base = figures.get(off!)!;
  log(`\n/shop/face, ${CONNECTIONS} keep-alive connections, brotli accepted, ${DURATION} s per measure, medians of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}`);
  const rows = conditions.map((condition) => {
    const f = figures.get(condition)!;
    const sink = f.sink ? `${f.sink.requests} req, ${MB(f.sink.bytes)}` : '';
    return [
      condition.label,
      fixed(f.rps, 0),
      fixed(f.p50, 1),
      fixed(f.p99, 1),
      ratio(f.rps, base.rps),
      ratio(f.p50, base.p50),
      ratio(f.p99, base.p99),
      fixed(f.shellMs, 2),
      fixed(f.cartServiceMs, 2),
      `${f.others}%`,
      String(f.notOk),
      sink,
    ];
  });
  printTable(
    ['condition', 'req/s', 'p50 ms', 'p99 ms', 'req/s ×off', 'p50 ×off', 'p99 ×off', 'shell CPU ms/page', 'cart-service CPU ms/page', 'others', 'not 200', 'sink got'],
    rows,
    1,
  );
  const traced = figures.get(on!)!;
  const emptyMeasures = on!.measures.filter((m) => !m.sink || m.sink.requests === 0 || m.sink.bytes === 0).length;
  const pages = on!.measures.reduce((sum, m) => sum + m.rps * DURATION, 0);
  log(
    `  export: the sink got ${traced.sink?.requests ?? 0} requests, ${MB(traced.sink?.bytes ?? 0)} (${fixed((traced.sink?.bytes ?? 0) / 1000 / Math.max(1, pages), 2)} kB of spans per page)` +
      `: ${emptyMeasures === 0 ? 'ok' : `FAIL (${emptyMeasures} measure${emptyMeasures === 1 ? '' : 's'} got nothing)`}`,
  );
  const met = traced.p50 <= base.p50 * 1.05;
  log(`  budget: on's p50 within 5 % of off's: ${ratio(traced.p50, base.p50)} ${met ? 'ok' : 'FAIL'}`);
  if (before) {
    const b = figures.get(before)!;
    log(`  off against before (tracing off costs nothing): req/s ${ratio(base.rps, b.rps)}, p50 ${ratio(base.p50, b.p50)}, p99 ${ratio(base.p99, b.p99)}`);
  }
  for (const condition of conditions) {
    const lines = logLines(condition);
    log(`  ${condition.label}: its stack logged ${lines.length} line${lines.length === 1 ? '' : 's'}${lines.length > 0 ? ', the first:' : ''}`);
    for (const line of lines.slice(0, 5)) log(`    ${line}`);
  }
}

const sink = await startSink();
const conditions: Condition[] = [
  ...(baselineRoot ? [{ label: 'before', root: baselineRoot, env: {}, measures: [] }] : []),
  { label: 'off', root: repoRoot, env: {}, measures: [] },
  // The machinery without the spans: context kept across every await, instrumentations in place, nothing recorded or
  // sent. What is left of on's cost above it is recording and exporting.
  {
    label: 'on, ratio 0',
    root: repoRoot,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' },
    measures: [],
  },
  {
    label: 'on, ratio 1',
    root: repoRoot,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' },
    measures: [],
  },
];
try {
  for (const condition of conditions) {
    log(`${condition.label}: ${condition.root} @ ${commitOf(condition.root)}, its built dist/ folders`);
    condition.stack = await startBenchStack(undefined, '1.0.0', { root: condition.root, env: condition.env });
  }
  // The servers' first answers (renderers starting, remote code loading) are not a shopper's.
  for (const condition of conditions) await pageLoad(`${condition.stack!.url}/shop/face`, 2);
  await sleep(EXPORT_DELAY_MS + 1000);
  // Every condition in every round, in alternating order: the machine's drift falls on all alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const condition of round % 2 === 0 ? conditions : [...conditions].reverse()) condition.measures.push(await measure(condition, sink));
  }
  report(conditions);
} finally {
  await Promise.all(conditions.map((condition) => condition.stack?.close()));
  sink.child.kill();
}
