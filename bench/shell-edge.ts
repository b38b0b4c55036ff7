/**
 * The shell as the shop's edge (issue 31): what its proxy costs the API, and what a flood of wrong logins costs
 * shoppers' pages. One production stack; every figure has its baseline measured in the same run:
 * - `GET /api/products` and `GET /api/cart` (with a session) through the shell's proxy against cart-service directly;
 * - `/shop/face` at 20 connections alone, then while 16 wrong logins a second arrive at the console, each from another
 *   loopback address (127.0.0.2 …: what a botnet or one IPv6 /64 looks like to the shop), with the answers they got.
 * Prints figures, ratios and budgets; not a test (a missed budget prints FAIL).
 *   npx -y pnpm@10.34.9 bench:edge      (BENCH_DURATION seconds per measure, default 8; BENCH_SKIP_BUILD is implied:
 *   it serves the work tree's dist/ folders)
 */
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { startBenchStack } from './frontend/stack';
import { envNumber } from './frontend/util';

const duration = envNumber('BENCH_DURATION', 8);
const LOGINS_PER_SECOND = 16;
const check = (ok: boolean) => (ok ? 'ok' : 'FAIL');
const ratio = (a: number, b: number) => (b === 0 ? '—' : `×${(a / b).toFixed(2)}`);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}, connections = 20): Promise<Load> {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * One wrong login from `localAddress` (a loopback address of its own), for a name of its own (no account's limit
 * applies, and an unknown name costs the same password check as a known one); answers the status, or 0 for a network
 * error.
 */
function wrongLogin(shellUrl: string, localAddress: string, n: number): Promise<number> {
  const body = new URLSearchParams({ name: `operateur-${n}`, password: `pas-le-bon-mot-de-passe-${n}` }).toString();
  const url = new URL('/operations/login', shellUrl);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Origin: shellUrl },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.setTimeout(15_000, () => req.destroy());
    req.end(body);
  });
}

/** Sends LOGINS_PER_SECOND wrong logins a second, each from the next loopback address, until stopped. */
function loginFlood(shellUrl: string): { stop(): Promise<Map<number, number>> } {
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const timer = setInterval(() => {
    const address = `127.0.${1 + Math.floor(n / 250) % 250}.${2 + (n % 250)}`;
    const sent = wrongLogin(shellUrl, address, n++).then((status) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }, 1000 / LOGINS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return statuses;
    },
  };
}

const stack = await startBenchStack();
try {
  const cartServiceUrl = `http://127.0.0.1:${stack.ports['cart-service']}`;
  // A shopper's session: the cookie cart-service writes on a first read of the cart.
  const first = await fetch(`${cartServiceUrl}/api/cart`);
  const cookie = first.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  // Warm both paths and the renderer.
  for (const url of [`${stack.url}/api/products`, `${cartServiceUrl}/api/products`, `${stack.url}/shop/face`]) await (await fetch(url)).text();

  console.log(`\nAPI through the shell's proxy against cart-service directly (20 connections, ${duration} s each)`);
  for (const [name, path, headers] of [
    ['GET /api/products', '/api/products', {}],
    ['GET /api/cart (session)', '/api/cart', { cookie }],
  ] as const) {
    const direct = await load(`${cartServiceUrl}${path}`, headers);
    const proxied = await load(`${stack.url}${path}`, headers);
    console.log(`  ${name.padEnd(26)} direct ${direct.rps.toFixed(0)} req/s p99 ${direct.p99} ms | through the shell ${proxied.rps.toFixed(0)} req/s p99 ${proxied.p99} ms` +
      `  (throughput ${ratio(proxied.rps, direct.rps)}, p99 ${ratio(proxied.p99, direct.p99)})${proxied.non2xx + direct.non2xx > 0 ? `  non-2xx ${direct.non2xx}/${proxied.non2xx}` : ''}`);
  }

  console.log(`\n/shop/face at 20 connections, alone then under ${LOGINS_PER_SECOND} wrong logins a second from changing addresses`);
  const alone = await load(`${stack.url}/shop/face`, { accept: 'text/html' });
  const flood = loginFlood(stack.url);
  const flooded = await load(`${stack.url}/shop/face`, { accept: 'text/html' });
  const answers = await flood.stop();
  console.log(`  alone        ${alone.rps.toFixed(0)} req/s  p50 ${alone.p50} ms  p99 ${alone.p99} ms`);
  console.log(`  under flood  ${flooded.rps.toFixed(0)} req/s  p50 ${flooded.p50} ms  p99 ${flooded.p99} ms` +
    `  (p99 ${ratio(flooded.p99, alone.p99)}, budget ≤ ×2: ${check(flooded.p99 <= 2 * alone.p99)}; throughput ${ratio(flooded.rps, alone.rps)})`);
  console.log(`  the logins' answers: ${[...answers].sort(([a], [b]) => a - b).map(([status, count]) => `${status === 0 ? 'network error' : status} ×${count}`).join(', ')}`);
} finally {
  await stack.close();
}
