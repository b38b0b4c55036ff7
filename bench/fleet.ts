/**
 * The fleet (`pnpm fleet`, deploy/fleet) on its own folder and ports: how long it takes to start, and `/shop/face`
 * through HAProxy (two shells behind it) against one of its shells directly, measured in the same run, alternating.
 * On two cores both shells, HAProxy, cart-services and the load generator share the same CPUs: the figures say what
 * HAProxy's hop costs, not what a second machine would add. Prints figures and ratios; not a test.
 *   npx -y pnpm@10.34.9 bench:fleet      (BENCH_DURATION seconds per measure, default 8; after `pnpm build`)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { fleetDown, fleetSettings, fleetUp } from '../deploy/fleet/fleet';
import { envNumber, printTable } from './frontend/util';

const duration = envNumber('BENCH_DURATION', 8);
const ROUNDS = 2;

async function measure(url: string): Promise<{ rps: number; p50: number; p99: number }> {
  const result = await autocannon({ url, connections: 20, duration });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = await mkdtemp(join(tmpdir(), 'shop-bench-fleet-'));
const settings = fleetSettings({ ...process.env, FLEET_DIR: dir, FLEET_PORT_OFFSET: '10000', LOG_LEVEL: 'warn' });
try {
  const started = Date.now();
  await fleetUp(settings);
  const startMs = Date.now() - started;
  console.log(`fleet started in ${(startMs / 1000).toFixed(1)} s (a first start: initdb, migrations)`);
  const targets = {
    'through HAProxy (2 shells)': `http://127.0.0.1:${settings.ports.public}/shop/face`,
    'one shell directly': `http://127.0.0.1:${settings.ports['shell-1']}/shop/face`,
  };
  for (const url of Object.values(targets)) await autocannon({ url, connections: 10, duration: 2 }); // warm renders and caches
  const figures = new Map<string, Array<{ rps: number; p50: number; p99: number }>>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, url] of Object.entries(targets)) figures.set(name, [...(figures.get(name) ?? []), await measure(url)]);
  }
  const base = figures.get('one shell directly')!;
  const rows = [...figures].map(([name, runs]) => {
    const rps = median(runs.map((r) => r.rps));
    const p99 = median(runs.map((r) => r.p99));
    return [
      name,
      rps.toFixed(0),
      `×${(rps / median(base.map((r) => r.rps))).toFixed(2)}`,
      `${median(runs.map((r) => r.p50))} ms`,
      `${p99} ms`,
      `×${(p99 / median(base.map((r) => r.p99))).toFixed(2)}`,
    ];
  });
  console.log(`\n/shop/face, 20 connections, ${duration} s per measure, median of ${ROUNDS} alternating rounds:\n`);
  printTable(['target', 'req/s', 'ratio', 'p50', 'p99', 'ratio'], rows, 1);
} finally {
  await fleetDown(settings);
  for (const folder of [dir, datastoresRoot(settings)]) await rm(folder, { recursive: true, force: true });
}
