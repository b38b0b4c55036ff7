/**
 * `npx -y pnpm@10.34.9 test:faults`, the database's part (decision 046): the fleet on its own folder and ports, ten
 * shoppers buying through HAProxy.
 * 1. Failover: the primary PostgreSQL server (Patroni and PostgreSQL) is killed -9. The standby must lead within 30 s,
 *    the killed server must rejoin as the synchronous standby once started again, and every acknowledged order must
 *    exist exactly once. Prints the time without a primary and the orders refused meanwhile.
 * 2. Restore drill (database-restore.ts): a backup into the backup store, the WAL archived at two points while shoppers
 *    buy, then both servers killed and their data folders deleted; `fleet restore` to the latest point, then to the
 *    first point in time. Every order acknowledged before each point must exist exactly once; those after the last are
 *    the recovery point, printed with the restores' times.
 * See faults/README.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeBackup } from '../deploy/fleet/backups';
import { restoreDrill } from './database-restore';
import { fleetDown, fleetSettings, fleetUp, readState } from '../deploy/fleet/fleet';
import { POSTGRES_SERVERS, type FleetSettings, type MemberName } from '../deploy/fleet/fleet-plan';
import { isRunning } from '../deploy/fleet/daemons';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { serverStates } from '../deploy/fleet/postgres-servers';
import { waitUntil } from '../deploy/fleet/readiness';
import { checkAcknowledged, storedOnce } from './acknowledged';
import { killServer, leader } from './database-servers';
import { setStock, storedOrders } from './fleet-console';
import { Buying } from './buying';
import type { RequestRecord } from './shopper';

const SETTLE_MS = Number(process.env.FAULTS_SETTLE_MS ?? 2_500);
/** The issue's bound on a failover: from the kill until the standby leads. */
const FAILOVER_BOUND_MS = 30_000;
const SUITE_BOUND_MS = 300_000;
const PORT_OFFSET = 22_000;
const SHOP_MEMBERS: MemberName[] = ['shell-1', 'shell-2', 'cart-service-1', 'cart-service-2'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const isOrder = (r: RequestRecord) => r.method === 'POST' && new URL(r.url).pathname === '/api/orders';

/** The shop processes that are no longer the ones the fleet started: "recovers by itself" means none. */
function restartedShopMembers(settings: FleetSettings, before: ReturnType<typeof readState>): string[] {
  const now = readState(settings);
  return SHOP_MEMBERS.filter((m) => !now[m] || !isRunning(now[m]!) || now[m]!.pid !== before[m]?.pid);
}

async function failover(settings: FleetSettings, productIds: string[], failures: string[]): Promise<void> {
  const base = `http://127.0.0.1:${settings.ports.public}`;
  const shopBefore = readState(settings);
  const buying = new Buying(settings, productIds, 1);
  await sleep(SETTLE_MS);
  const primary = await leader(settings);
  if (!primary) throw new Error('no PostgreSQL server leads before the failover');
  const standby = POSTGRES_SERVERS.find((s) => s !== primary)!;
  const killedAt = await killServer(settings, primary);
  process.stdout.write(`database faults: killed -9 ${primary} (Patroni and PostgreSQL), the primary … `);
  await waitUntil(async () => (await leader(settings)) === standby, FAILOVER_BOUND_MS + 30_000);
  const ledAt = Date.now();
  console.log(`${standby} leads after ${seconds(ledAt - killedAt)} s`);
  if (ledAt - killedAt > FAILOVER_BOUND_MS) failures.push(`${standby} led only ${seconds(ledAt - killedAt)} s after the kill (bound ${FAILOVER_BOUND_MS / 1000} s)`);
  // The shop takes orders again once PgBouncer reaches the new primary through postgres-primary.
  await waitUntil(async () => buying.records.some((r) => isOrder(r) && r.at > ledAt && (r.status === 201 || r.status === 200)), 30_000);
  const ordersAgainAt = Math.min(...buying.records.filter((r) => isOrder(r) && r.at > ledAt && r.ok).map((r) => r.at));
  const restarted = await fleetUp(settings);
  if (restarted.join() !== primary) failures.push(`starting the fleet again started ${restarted.join(', ') || 'nothing'}, not ${primary} alone`);
  const states = await serverStates(settings, POSTGRES_SERVERS);
  const rejoined = states.find((s) => s.server === primary);
  console.log(`database faults: ${primary} rejoined as ${rejoined?.sync && rejoined.state === 'running' ? 'the synchronous standby' : rejoined?.role} (timeline ${rejoined?.timeline}), ${seconds(Date.now() - killedAt)} s after the kill`);
  if (!rejoined?.sync || rejoined.state !== 'running') failures.push(`${primary} did not rejoin as the synchronous standby: ${JSON.stringify(rejoined)}`);
  await sleep(SETTLE_MS);
  await buying.stop();

  const refused = buying.records.filter((r) => isOrder(r) && r.sentAt >= killedAt && r.at <= ordersAgainAt && !r.ok);
  const slowest = Math.max(0, ...refused.map((r) => r.at - r.sentAt));
  console.log(
    `database faults: without a primary ${seconds(ledAt - killedAt)} s (Patroni), orders taken again after ${seconds(ordersAgainAt - killedAt)} s; ` +
      `${refused.length} order attempts refused meanwhile (${refused.filter((r) => r.status === 503).length} answered 503, ` +
      `${refused.filter((r) => r.status === undefined).length} without an answer in 5 s), the slowest refusal in ${seconds(slowest)} s`,
  );
  const checked = await checkAcknowledged(buying.shoppers, base);
  failures.push(...checked.problems);
  const acknowledged = buying.orders();
  const stored = await storedOrders(settings);
  failures.push(...storedOnce(acknowledged, stored));
  const restartedShop = restartedShopMembers(settings, shopBefore);
  if (restartedShop.length) failures.push(`shop processes did not live through the failover: ${restartedShop.join(', ')}`);
  console.log(
    `database faults: ${checked.ordersChecked} orders acknowledged, each read back and stored once (${checked.retriedOrders} found again by their Idempotency-Key); ` +
      `${buying.records.length} requests`,
  );
}

async function main(): Promise<number> {
  const started = Date.now();
  const failures: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'shop-database-faults-'));
  const settings = fleetSettings({ ...process.env, FLEET_DIR: dir, FLEET_PORT_OFFSET: String(PORT_OFFSET), LOG_LEVEL: 'warn' });
  const watchdog = setTimeout(() => {
    console.error(`database faults: the run took more than ${SUITE_BOUND_MS / 1000} s; stopping the fleet`);
    void fleetDown(settings).finally(() => process.exit(1));
  }, SUITE_BOUND_MS);
  try {
    const upStarted = Date.now();
    await fleetUp(settings);
    console.log(`database faults: the fleet is ready in ${seconds(Date.now() - upStarted)} s, ${(await leader(settings)) ?? 'no server'} leads`);
    const backupStarted = Date.now();
    console.log(`database faults: full backup ${takeBackup(settings, 'full')} in ${seconds(Date.now() - backupStarted)} s`);
    const catalogue = (await (await fetch(`http://127.0.0.1:${settings.ports.public}/api/products?limit=8`)).json()) as { products: { id: string }[] };
    const productIds = catalogue.products.map((p) => p.id);
    for (const productId of productIds) await setStock(settings, productId, 1_000_000);
    await failover(settings, productIds, failures);
    await restoreDrill(settings, productIds, failures);
  } catch (error) {
    failures.push(`the run stopped: ${(error as Error).stack ?? String(error)}`);
  } finally {
    clearTimeout(watchdog);
    await fleetDown(settings);
    if (!process.env.FLEET_FAULTS_KEEP) for (const folder of [dir, datastoresRoot(settings)]) await rm(folder, { recursive: true, force: true });
  }
  console.log(`\ndatabase faults: ${seconds(Date.now() - started)} s in all`);
  if (failures.length) {
    console.error(`\nDATABASE FAULTS FAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log('database faults: the standby led within the bound, the killed server rejoined, the restore brought back every archived order, each once.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`database faults: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
