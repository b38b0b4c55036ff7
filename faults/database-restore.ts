/**
 * The restore drill of the database fault suite (faults/database.ts says what it proves). Shoppers buy throughout:
 * a backup, the WAL archived at a point A then at a point B, more buying, then both servers killed -9 and their data
 * folders deleted. `fleet restore` to the latest point must bring back every order acknowledged before B exactly once
 * (those after B are the recovery point, printed); `fleet restore --to A` must bring back those before A and none
 * sent after A.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { archiveNow, takeBackup } from '../deploy/fleet/backups';
import { FLEET_PORTS, POSTGRES_SERVERS, REPO_ROOT, type FleetSettings } from '../deploy/fleet/fleet-plan';
import { serverFolders } from '../deploy/fleet/postgres-servers';
import { waitUntil } from '../deploy/fleet/readiness';
import { Buying } from './buying';
import { killServer } from './database-servers';
import { storedOrders } from './fleet-console';
import { readsBack, twice } from './acknowledged';

const SETTLE_MS = Number(process.env.FAULTS_SETTLE_MS ?? 2_500);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
/** PostgreSQL's reading of a moment, for recovery_target_time. */
const pgTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00');

/** Every order in the archive once this returns: the shoppers' order counts before it, and when it returned. */
function archivedPoint(settings: FleetSettings, buying: Buying): { counts: number[]; at: number } {
  const counts = buying.shoppers.map((s) => s.orders.length);
  const started = Date.now();
  archiveNow(settings);
  console.log(`database faults: WAL archived up to now in ${seconds(Date.now() - started)} s`);
  return { counts, at: Date.now() };
}

/**
 * `npx -y pnpm@10.34.9 fleet restore [--to <time>]`, as an operator runs it on this fleet (its folder and ports);
 * answers how long it took, and throws with its output when it fails.
 */
async function fleetRestore(settings: FleetSettings, target?: string): Promise<number> {
  const args = ['--import', 'tsx', join(REPO_ROOT, 'deploy/fleet/main.ts'), 'restore', ...(target ? ['--to', target] : [])];
  console.log(`database faults: fleet restore${target ? ` --to "${target}"` : ''} …`);
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, FLEET_DIR: settings.dir, FLEET_PORT_OFFSET: String(settings.ports.public - FLEET_PORTS.public), LOG_LEVEL: settings.logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`fleet restore exited ${code}:\n${output.slice(-3_000)}`);
  return Date.now() - started;
}

export async function restoreDrill(settings: FleetSettings, productIds: string[], failures: string[]): Promise<void> {
  const base = `http://127.0.0.1:${settings.ports.public}`;
  const shopAnswers = () => waitUntil(async () => (await fetch(`${base}/api/products?limit=1`).catch(() => undefined))?.status === 200, 60_000);
  const buying = new Buying(settings, productIds, 101);
  const backupStarted = Date.now();
  const label = takeBackup(settings, 'incr');
  console.log(`database faults: backup ${label} taken in ${seconds(Date.now() - backupStarted)} s while shoppers buy`);
  await sleep(SETTLE_MS);
  const a = archivedPoint(settings, buying);
  await sleep(SETTLE_MS);
  const b = archivedPoint(settings, buying);
  await sleep(SETTLE_MS);
  await buying.stop();
  const numbers = (from: number[], to?: number[]) => buying.shoppers.flatMap((s, i) => s.orders.slice(from[i], to?.[i]).map((o) => o.number));
  const none = buying.shoppers.map(() => 0);
  const beforeA = numbers(none, a.counts);
  const beforeB = numbers(none, b.counts);
  const afterB = numbers(b.counts);
  const sentAfterA = buying.shoppers.flatMap((s) => s.orders.filter((o) => o.sentAt > a.at).map((o) => o.number));

  for (const server of POSTGRES_SERVERS) await killServer(settings, server);
  for (const server of POSTGRES_SERVERS) await rm(serverFolders(settings, server).data, { recursive: true, force: true });
  console.log('database faults: both servers killed -9 and their data folders deleted; restoring from the backup store …');
  const latestMs = await fleetRestore(settings);
  const restoredAt = Date.now();
  await shopAnswers();
  const latest = await storedOrders(settings);
  for (const n of beforeB.filter((n) => !latest.includes(n))) failures.push(`LOST ORDER: ${n} was acknowledged before the last archived WAL, and is not in the restored database`);
  if (twice(latest).length) failures.push(`orders stored twice after the restore: ${twice(latest).join(', ')}`);
  for (const shopper of buying.shoppers) {
    for (const order of shopper.orders.filter((o) => beforeB.includes(o.number))) {
      const problem = await readsBack(shopper, base, order);
      if (problem) failures.push(`after the restore: ${problem}`);
    }
  }
  const lost = afterB.filter((n) => !latest.includes(n));
  console.log(
    `database faults: restored to the last archived WAL in ${seconds(latestMs)} s (the shop answered ${seconds(Date.now() - restoredAt)} s later); ` +
      `${beforeB.length} orders acknowledged before it, all back once; recovery point: ${lost.length} of the ${afterB.length} orders ` +
      `acknowledged in the ${seconds(SETTLE_MS)} s after it missing`,
  );
  // The next check means something only if the latest restore holds orders sent after A.
  const replayedPastA = sentAfterA.filter((n) => latest.includes(n));
  if (replayedPastA.length === 0) failures.push(`the latest restore holds none of the ${sentAfterA.length} orders sent after point A: the point-in-time check below proves nothing`);

  const target = pgTime(a.at);
  const pointMs = await fleetRestore(settings, target);
  await shopAnswers();
  const atA = await storedOrders(settings);
  for (const n of beforeA.filter((n) => !atA.includes(n))) failures.push(`LOST ORDER: ${n} is not in the database restored to ${target}`);
  for (const n of replayedPastA.filter((n) => atA.includes(n))) failures.push(`order ${n}, sent after ${target}, is in the database restored to that time`);
  console.log(
    `database faults: restored to ${target} (point A) in ${seconds(pointMs)} s: the ${beforeA.length} orders acknowledged before it back, ` +
      `none of the ${replayedPastA.length} sent after it that the latest restore held`,
  );
}
