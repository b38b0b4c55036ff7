/**
 * Pages at the edge (decision 045): the fleet (`pnpm fleet`) with a catalogue of 1,000 products, loaded with a shop's
 * mix through Varnish (HAProxy's public front) against HAProxy alone (its internal front, the shells uncached), in the
 * same run, alternating rounds. The mix: product pages drawn Zipf-like from the catalogue (a few products get most
 * visits, every one gets some), listings in both languages, the home page, and 5 % cart API calls with a session.
 * Prints req/s, p50 and p99 with their ratios, and the cache's hit ratio (varnishstat) over the edge's rounds; not a
 * test.
 *   npx -y pnpm@10.34.9 bench:edge-cache     (after `pnpm build`; BENCH_DURATION seconds per measure, default 10)
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { fleetDown, fleetSettings, fleetUp } from '../deploy/fleet/fleet';
import { databaseUrl, REPO_ROOT } from '../deploy/fleet/fleet-plan';
import { generateCatalogue, seededRandom } from './catalogue/generate-catalogue';
import { envNumber, median, printTable, ratioText } from './frontend/util';

const duration = envNumber('BENCH_DURATION', 10);
const PRODUCTS = envNumber('BENCH_EDGE_PRODUCTS', 1_000);
const CONNECTIONS = 20;
const ROUNDS = 2;
/** Seconds of the mix through the edge before measuring. */
const WARM_S = envNumber('BENCH_EDGE_WARM', 15);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** Zipf (s = 1) over the catalogue's ranks: rank r is visited in proportion to 1/r. */
function zipf(count: number, random: () => number): () => number {
  const weights = Array.from({ length: count }, (_, r) => 1 / (r + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  return () => {
    const x = random();
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** A browser's request: compressed answers accepted, as every browser does (Varnish keeps pages gzipped). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };

function shopperMix(slugs: string[], cartCookie: string): () => { path: string; headers: Record<string, string> } {
  const random = seededRandom(45);
  const rank = zipf(slugs.length, random);
  const listings = ['face', 'body', 'hair', 'pack'].flatMap((c) => [`/shop/${c}`, `/ar/shop/${c}`]);
  return () => {
    const x = random();
    const arabic = random() < 0.3 ? '/ar' : '';
    if (x < 0.6) return { path: `${arabic}/shop/product/${slugs[rank()]}`, headers: BROWSER };
    if (x < 0.85) return { path: listings[Math.floor(random() * listings.length)]!, headers: BROWSER };
    if (x < 0.95) return { path: arabic || '/', headers: BROWSER };
    return { path: '/api/cart', headers: { ...BROWSER, cookie: cartCookie } };
  };
}

/** What the edge said of each answer (X-Cache), counted over a measure. */
const cacheAnswers = { HIT: 0, MISS: 0, PASS: 0 } as Record<string, number>;

async function measure(base: string, next: ReturnType<typeof shopperMix>, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...next() }),
        onResponse: (_status, _body, _context, headers) => {
          const cache = (headers as Record<string, string> | undefined)?.['x-cache'];
          if (cache) cacheAnswers[cache] = (cacheAnswers[cache] ?? 0) + 1;
        },
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${base}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const dir = await mkdtemp(join(tmpdir(), 'shop-bench-edge-'));
const settings = fleetSettings({ ...process.env, FLEET_DIR: dir, FLEET_PORT_OFFSET: '12000', LOG_LEVEL: 'warn' });
try {
  await fleetUp(settings);
  const catalogue = generateCatalogue(PRODUCTS);
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, JSON.stringify(catalogue));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cart-service/src/cli/catalogue-cli.ts', 'import', file], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl(settings.ports), CART_DATA_DIR: join(dir, 'import') },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`catalogue import exited ${code}`))));
  });
  const base = `http://127.0.0.1:${settings.ports.public}`;
  const added = await fetch(`${base}/api/cart/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${settings.ports.public}` },
    body: JSON.stringify({ productId: catalogue.products[0]!.id, quantity: 1 }),
  });
  if (added.status !== 200) throw new Error(`the cart's add answered ${added.status}: ${await added.text()}`);
  const cartCookie = added.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const slugs = catalogue.products.map((p) => p.slug);
  const targets = {
    'through Varnish (public front)': base,
    'HAProxy alone (shells uncached)': `http://127.0.0.1:${settings.ports.edgeBackend}`,
  };
  // Warm: the shells' renderers and answer caches, and the edge as a shop's edge is after minutes of traffic (the
  // mix's head cached; its tail still missing).
  await measure(targets['HAProxy alone (shells uncached)'], shopperMix(slugs, cartCookie), 3);
  await measure(base, shopperMix(slugs, cartCookie), WARM_S);
  const figures = new Map<string, Figures[]>();
  const counted = { HIT: 0, MISS: 0, PASS: 0 } as Record<string, number>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(targets)) {
      for (const key of Object.keys(cacheAnswers)) cacheAnswers[key] = 0;
      figures.set(name, [...(figures.get(name) ?? []), await measure(url, shopperMix(slugs, cartCookie), duration)]);
      if (url === base) for (const [key, n] of Object.entries(cacheAnswers)) counted[key] = (counted[key] ?? 0) + n;
    }
  }
  const baseline = figures.get('HAProxy alone (shells uncached)')!;
  const rows = [...figures].map(([name, runs]) => {
    const rps = median(runs.map((r) => r.rps));
    const p99 = median(runs.map((r) => r.p99));
    return [name, rps.toFixed(0), ratioText(rps, median(baseline.map((r) => r.rps))), `${median(runs.map((r) => r.p50))} ms`, `${p99} ms`, ratioText(p99, median(baseline.map((r) => r.p99)))];
  });
  console.log(
    `\n${PRODUCTS} products; mix: 60 % product pages (Zipf), 25 % listings, 10 % home, 5 % GET /api/cart with a session; 30 % in Arabic.` +
      `\n${CONNECTIONS} connections, ${duration} s per measure, median of ${ROUNDS} alternating rounds:\n`,
  );
  printTable(['path', 'req/s', 'ratio', 'p50', 'p99', 'ratio'], rows, 1);
  // What limits the cached path: the same generator on one cached page (no miss, no pass) shows this machine's ceiling
  // for autocannon, HAProxy and Varnish sharing two cores.
  const ceiling = await measure(base, () => ({ path: '/shop/face', headers: BROWSER }), duration);
  console.log(`one cached page only, through Varnish: ${ceiling.rps.toFixed(0)} req/s, p99 ${ceiling.p99} ms (the generator, HAProxy and Varnish on the same 2 cores)`);
  const { HIT = 0, MISS = 0, PASS = 0 } = counted;
  console.log(`\nthrough Varnish, its rounds' answers: ${HIT} HIT, ${MISS} MISS, ${PASS} PASS (the cart's API); hit ratio of pages ${((100 * HIT) / Math.max(1, HIT + MISS)).toFixed(1)} %`);
} finally {
  await fleetDown(settings);
  for (const folder of [dir, datastoresRoot(settings)]) await rm(folder, { recursive: true, force: true });
}
