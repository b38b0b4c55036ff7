/**
 * The login flood of bench:login-flood against the fleet (`pnpm fleet`, deploy/fleet), through HAProxy in front of its
 * two shells: the page alone, under the flood of wrong logins and under as many static requests, in the same run.
 * HAProxy limits login posts at the edge (deploy/haproxy/haproxy.cfg: per source address, and 40 a second in all), so
 * behind it the shells see a bounded rate whatever comes. A shell of the fleet is not measured directly: it refuses a
 * form post whose origin is not the shop's public one (HAProxy's), which bench:login-flood measures on a single shell.
 * Prints bench:login-flood's table; not a test.
 *   npx -y pnpm@10.34.9 bench:login-flood-fleet   (after `pnpm build`; BENCH_DURATION, BENCH_FLOOD_RATE, BENCH_ROUNDS
 *   as bench:login-flood)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { fleetDown, fleetSettings, fleetUp } from '../deploy/fleet/fleet';
import { envNumber } from './frontend/util';
import { measureLoginFlood, printLoginFlood, type FloodTarget } from './login-flood';

const options = { durationSeconds: envNumber('BENCH_DURATION', 8), floodRate: envNumber('BENCH_FLOOD_RATE', 660), rounds: envNumber('BENCH_ROUNDS', 3) };
const dir = await mkdtemp(join(tmpdir(), 'shop-bench-login-fleet-'));
const settings = fleetSettings({ ...process.env, FLEET_DIR: dir, FLEET_PORT_OFFSET: '10000', LOG_LEVEL: 'warn' });
const targetAt = (origin: string): FloodTarget => ({ pageUrl: `${origin}/shop/face`, loginUrl: `${origin}/operations/login`, staticUrl: `${origin}/robots.txt` });
try {
  await fleetUp(settings);
  // The shop's public origin, as shoppers and the flood reach it (a form post names it).
  const target = targetAt(`http://localhost:${settings.ports.public}`);
  printLoginFlood('Through HAProxy (two shells)', await measureLoginFlood(target, options), options);
} finally {
  await fleetDown(settings);
  for (const folder of [dir, datastoresRoot(settings)]) await rm(folder, { recursive: true, force: true });
}
