/**
 * What synchronous replication costs an order (decision 046). The fleet (`pnpm fleet`) on its own folder and ports;
 * buyers each add a product and place an order (with its Idempotency-Key) through HAProxy's public front, in a loop.
 * Measured alternately, in the same run, on the same fleet:
 * - "synchronous": two servers, each commit waits until the standby holds it (the fleet as it runs);
 * - "one server": the standby stopped, so the primary commits alone (Patroni takes it out of synchronous_standby_names).
 * Prints orders per second and the order's p50 and p99, with ratios to one server. Not a test.
 *   npx -y pnpm@10.34.9 bench:database   (BENCH_DURATION seconds per measure, default 8; BENCH_BUYERS, default 8)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { isRunning, stopDaemon } from '../deploy/fleet/daemons';
import { fleetDown, fleetSettings, fleetUp, readState } from '../deploy/fleet/fleet';
import { POSTGRES_SERVERS, publicUrl, type FleetSettings } from '../deploy/fleet/fleet-plan';
import { leads, serverStates, synchronousStandbyNames as synchronousNames } from '../deploy/fleet/postgres-servers';
import { waitUntil } from '../deploy/fleet/readiness';
import { delivery, Shopper } from '../faults/shopper';
import { envNumber, printTable } from './frontend/util';

const duration = envNumber('BENCH_DURATION', 8);
const buyers = envNumber('BENCH_BUYERS', 8);
const ROUNDS = 2;

interface Measure {
  orders: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One buyer's loop until `until`: its own session cookie, an add then an order; answers each order's milliseconds. */
async function buy(settings: FleetSettings, productId: string, until: number, id: number): Promise<number[]> {
  const base = `http://127.0.0.1:${settings.ports.public}`;
  const origin = publicUrl(settings.ports);
  // The fault suite's shopper keeps the session's cookies as a browser does.
  const buyer = new Shopper(id, { base, origin, manifests: [], productIds: [productId] }, () => undefined);
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const init = { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
    const answer = await buyer.request(`${base}${path}`, init, { count: false });
    if (!answer || answer.status >= 300) throw new Error(`POST ${path} answered ${answer?.status ?? 'nothing'}`);
  };
  const times: number[] = [];
  for (let n = 0; Date.now() < until; n += 1) {
    await post('/api/cart/add', { productId, quantity: 1 });
    const started = performance.now();
    await post('/api/orders', delivery, { 'Idempotency-Key': `bench-${id}-${n}-${Date.now()}` });
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(settings: FleetSettings, productId: string): Promise<Measure> {
  const until = Date.now() + duration * 1000;
  const times = (await Promise.all(Array.from({ length: buyers }, (_, i) => buy(settings, productId, until, i)))).flat().sort((a, b) => a - b);
  return { orders: times.length, perSecond: times.length / duration, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Stops the standby and waits until the primary commits without it. */
async function oneServer(settings: FleetSettings): Promise<void> {
  const states = await serverStates(settings, POSTGRES_SERVERS);
  const standby = states.find((s) => !leads(s))!.server;
  const started = readState(settings)[standby];
  if (started && isRunning(started)) await stopDaemon(started, { graceMs: 30_000 });
  await waitUntil(async () => (await synchronousNames(settings)) === '', 30_000);
}

const dir = await mkdtemp(join(tmpdir(), 'shop-bench-database-'));
const settings = fleetSettings({ ...process.env, FLEET_DIR: dir, FLEET_PORT_OFFSET: '11000', LOG_LEVEL: 'warn' });
try {
  await fleetUp(settings);
  const { products } = (await (await fetch(`http://127.0.0.1:${settings.ports.public}/api/products?limit=1`)).json()) as { products: { id: string }[] };
  const productId = products[0]!.id;
  const stock = await fetch(`http://127.0.0.1:${settings.ports['cart-service-1']}/admin/stock/${productId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${settings.secrets.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ onHand: 1_000_000 }),
  });
  if (stock.status !== 200) throw new Error(`setting the stock answered ${stock.status}`);
  await measure(settings, productId); // warm: connections, caches, the JIT
  const figures: Record<'synchronous (2 servers)' | 'one server', Measure[]> = { 'synchronous (2 servers)': [], 'one server': [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    await fleetUp(settings); // the standby back, and synchronous again
    console.log(`round ${round + 1}: synchronous_standby_names = ${await synchronousNames(settings)}`);
    figures['synchronous (2 servers)'].push(await measure(settings, productId));
    await oneServer(settings);
    figures['one server'].push(await measure(settings, productId));
  }
  const base = figures['one server'];
  const rows = Object.entries(figures).map(([name, runs]) => {
    const perSecond = median(runs.map((r) => r.perSecond));
    const p99 = median(runs.map((r) => r.p99));
    return [
      name,
      String(runs.reduce((sum, r) => sum + r.orders, 0)),
      perSecond.toFixed(1),
      `×${(perSecond / median(base.map((r) => r.perSecond))).toFixed(2)}`,
      `${median(runs.map((r) => r.p50)).toFixed(1)} ms`,
      `${p99.toFixed(1)} ms`,
      `×${(p99 / median(base.map((r) => r.p99))).toFixed(2)}`,
    ];
  });
  console.log(`\nOrders through HAProxy, ${buyers} buyers (add, then order), ${duration} s per measure, median of ${ROUNDS} alternating rounds:\n`);
  printTable(['database', 'orders', 'orders/s', 'ratio', 'p50', 'p99', 'ratio'], rows, 1);
} finally {
  await fleetDown(settings);
  for (const folder of [dir, datastoresRoot(settings)]) await rm(folder, { recursive: true, force: true });
}
