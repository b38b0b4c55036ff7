/**
 * cart-service benchmark: requests per second and p99 latency of GET /api/cart and POST /api/cart/update with a
 * session, beside a bare Koa route measured in the same run, and each one's ratio to the bare route.
 *   npx tsx bench/cart-service/run.ts            (from the repository root)
 * Options (environment): BENCH_DURATION seconds per measurement (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10),
 * BENCH_WARMUP seconds (2). Figures are medians over the rounds; each ratio is the median of the rounds' ratios.
 * Writes bench/results/cart-service.json. Budget: GET /api/cart >= 50% of the bare route's requests per second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median, writeResults } from '../frontend/util.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const ORIGIN = 'http://localhost:3000';
const GET_CART_BUDGET = 0.5;

interface Server {
  url: string;
  child: ChildProcess;
}

interface Target {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

function startServer(kind: 'bare' | 'app'): Promise<Server> {
  const child = spawn(tsx, [join(here, 'server.ts'), kind], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveServer, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /READY (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolveServer({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}) before it was ready:\n${output}`)));
  });
}

function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.child.once('exit', () => done());
    server.child.kill('SIGTERM');
  });
}

function measure(target: Target, seconds: number): Promise<AutocannonResult> {
  return autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    pipelining: 1,
    duration: seconds,
  }) as Promise<AutocannonResult>;
}

/** A visitor with a session cookie and a two-line cart, as the shop's pages would have. */
async function sessionCookie(appUrl: string): Promise<string> {
  const first = await fetch(`${appUrl}/api/cart`);
  const cookie = first.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  for (const body of [{ productId: 'sv-001', quantity: 1 }, { productId: 'sh-004', quantity: 2 }]) {
    const res = await fetch(`${appUrl}/api/cart/add`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`setting up the cart failed: ${res.status} ${await res.text()}`);
  }
  return cookie;
}

const servers: Server[] = [];
try {
  const [bare, app] = await Promise.all([startServer('bare'), startServer('app')]);
  servers.push(bare, app);
  const cookie = await sessionCookie(app.url);
  const targets: Target[] = [
    { name: 'bare Koa route (GET /bare)', url: `${bare.url}/bare`, method: 'GET' },
    { name: 'GET /api/cart (session)', url: `${app.url}/api/cart`, method: 'GET', headers: { Cookie: cookie } },
    {
      name: 'POST /api/cart/update (session)',
      url: `${app.url}/api/cart/update`,
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ productId: 'sv-001', quantity: 3 }),
    },
  ];

  console.log(
    `cart-service bench: ${rounds} rounds x ${duration}s per target, ${connections} connections, ${warmup}s warm-up, ` +
      `${availableParallelism()} cores, Node ${process.version}`,
  );
  for (const target of targets) await measure(target, warmup);

  // Rounds, each measuring every target once (order rotated), so a burst of load from other processes on this
  // machine hits one round rather than one target; each round's ratio uses that round's bare figure.
  const perTarget = targets.map(() => ({ rps: [] as number[], p99: [] as number[], ratio: [] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    const order = targets.map((_, i) => (i + round) % targets.length);
    const roundRps: number[] = [];
    for (const index of order) {
      const target = targets[index]!;
      const r = await measure(target, duration);
      if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
        throw new Error(`${target.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts`);
      }
      roundRps[index] = r.requests.average;
      perTarget[index]!.rps.push(r.requests.average);
      perTarget[index]!.p99.push(r.latency.p99);
    }
    targets.forEach((_, i) => perTarget[i]!.ratio.push(roundRps[i]! / roundRps[0]!));
    process.stdout.write(`round ${round + 1}/${rounds}: ${targets.map((_, i) => roundRps[i]!.toFixed(0)).join(' / ')} req/s\n`);
  }
  const rows = targets.map((target, i) => ({
    name: target.name,
    requestsPerSecond: median(perTarget[i]!.rps),
    p99Ms: median(perTarget[i]!.p99),
    ratioToBare: median(perTarget[i]!.ratio),
    rounds: perTarget[i]!,
  }));

  const pad = (text: string, width: number) => text.padEnd(width);
  const padStart = (text: string, width: number) => text.padStart(width);
  console.log(`\n${pad('target', 34)}${padStart('req/s', 10)}${padStart('p99 ms', 9)}${padStart('vs bare', 10)}`);
  for (const r of rows) {
    console.log(
      `${pad(r.name, 34)}${padStart(r.requestsPerSecond.toFixed(0), 10)}${padStart(r.p99Ms.toFixed(1), 9)}${padStart(`${(r.ratioToBare * 100).toFixed(0)}%`, 10)}`,
    );
  }
  const getCart = rows[1]?.ratioToBare ?? 0;
  const met = getCart >= GET_CART_BUDGET;
  console.log(`\nbudget: GET /api/cart >= ${GET_CART_BUDGET * 100}% of bare: ${(getCart * 100).toFixed(0)}% -> ${met ? 'met' : 'NOT MET'}`);

  const out = writeResults('cart-service.json', {
    durationSeconds: duration,
    rounds,
    connections,
    results: rows,
    budget: { target: 'GET /api/cart (session)', minRatioToBare: GET_CART_BUDGET, ratio: getCart, met },
  });
  console.log(`wrote ${out}`);
} finally {
  await Promise.all(servers.map(stopServer));
}
