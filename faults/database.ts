/**
 * `npx -y pnpm@10.34.9 test:faults`, the database's part (decision 046): the fleet on its own folder and ports, ten
 * shoppers buying through HAProxy.
 * 1. Failover: the primary PostgreSQL server (Patroni and PostgreSQL) is killed -9. The standby must lead within 30 s,
 *    the killed server must rejoin as the synchronous standby once started again, and every acknowledged order must
 *    exist exactly once. Prints the time without a primary and the orders refused meanwhile.
 * 2. Restore drill: a backup into the backup store, more buying, the WAL archived up to a point, more buying, then
 *    both servers killed and their data folders deleted; `fleet restore` rebuilds the cluster from the store. Every
 *    order acknowledged before the archived point must exist exactly once; those after it are the recovery point,
 *    printed with the restore's time.
 * See faults/README.md.
 */
import { rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveNow, restoreCluster, takeBackup } from '../deploy/fleet/backups';
import { fleetDown, fleetSettings, fleetUp, readState } from '../deploy/fleet/fleet';
import { POSTGRES_SERVERS, publicUrl, type FleetSettings, type MemberName } from '../deploy/fleet/fleet-plan';
import { isRunning } from '../deploy/fleet/daemons';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { serverFolders, serverStates } from '../deploy/fleet/postgres-servers';
import { waitUntil } from '../deploy/fleet/readiness';
import { checkAcknowledged } from './acknowledged';
import { killServer, leader, storedOrders, twice } from './database-servers';
import { setStock } from './fleet-console';
import { Shopper, type RequestRecord } from './shopper';

const SHOPPERS = Number(process.env.FAULTS_SHOPPERS ?? 10);
const SETTLE_MS = Number(process.env.FAULTS_SETTLE_MS ?? 2_500);
/** The issue's bound on a failover: from the kill until the standby leads. */
const FAILOVER_BOUND_MS = 30_000;
const SUITE_BOUND_MS = 300_000;
const PORT_OFFSET = 22_000;
const SHOP_MEMBERS: MemberName[] = ['shell-1', 'shell-2', 'cart-service-1', 'cart-service-2'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const isOrder = (r: RequestRecord) => r.method === 'POST' && new URL(r.url).pathname === '/api/orders';

class Buying {
  readonly records: RequestRecord[] = [];
  readonly shoppers: Shopper[];
  private running = true;
  private readonly loops: Promise<void>[];
  constructor(settings: FleetSettings, productIds: string[], firstId: number) {
    const base = `http://127.0.0.1:${settings.ports.public}`;
    const targets = { base, origin: publicUrl(settings.ports), manifests: [], productIds };
    this.shoppers = Array.from({ length: SHOPPERS }, (_, i) => new Shopper(firstId + i, targets, (r) => this.records.push(r)));
    this.loops = this.shoppers.map((s) => s.run(() => this.running));
  }
  /** Stops after each shopper's iteration: an order in flight gets its definite answer first. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
  orders = () => this.shoppers.flatMap((s) => s.orders.map((o) => o.number));
}

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
  console.log(`database faults: ${primary} rejoined as ${rejoined?.sync ? 'the synchronous standby' : rejoined?.role} (timeline ${rejoined?.timeline}), ${seconds(Date.now() - killedAt)} s after the kill`);
  if (!rejoined?.sync) failures.push(`${primary} did not rejoin as the synchronous standby: ${JSON.stringify(rejoined)}`);
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
  const unacknowledged = stored.filter((n) => !acknowledged.includes(n));
  if (unacknowledged.length) failures.push(`orders stored but never acknowledged (placed twice?): ${unacknowledged.join(', ')}`);
  if (twice(acknowledged).length) failures.push(`orders acknowledged twice: ${twice(acknowledged).join(', ')}`);
  if (twice(stored).length) failures.push(`orders stored twice: ${twice(stored).join(', ')}`);
  const restartedShop = restartedShopMembers(settings, shopBefore);
  if (restartedShop.length) failures.push(`shop processes did not live through the failover: ${restartedShop.join(', ')}`);
  console.log(
    `database faults: ${checked.ordersChecked} orders acknowledged, each read back and stored once (${checked.retriedOrders} found again by their Idempotency-Key); ` +
      `${buying.records.length} requests`,
  );
}

async function restoreDrill(settings: FleetSettings, productIds: string[], failures: string[]): Promise<void> {
  const base = `http://127.0.0.1:${settings.ports.public}`;
  const buying = new Buying(settings, productIds, 101);
  const backupStarted = Date.now();
  const label = takeBackup(settings, 'incr');
  console.log(`database faults: backup ${label} taken in ${seconds(Date.now() - backupStarted)} s while shoppers buy`);
  await sleep(SETTLE_MS);
  // Everything acknowledged before this point is in the archive once archiveNow returns.
  const archived = buying.shoppers.map((s) => s.orders.length);
  const archiveStarted = Date.now();
  archiveNow(settings);
  console.log(`database faults: WAL archived up to now in ${seconds(Date.now() - archiveStarted)} s`);
  await sleep(SETTLE_MS);
  await buying.stop();
  const before = buying.shoppers.flatMap((s, i) => s.orders.slice(0, archived[i]).map((o) => o.number));
  const after = buying.shoppers.flatMap((s, i) => s.orders.slice(archived[i]).map((o) => o.number));

  for (const server of POSTGRES_SERVERS) await killServer(settings, server);
  for (const server of POSTGRES_SERVERS) await rm(serverFolders(settings, server).data, { recursive: true, force: true });
  console.log('database faults: both servers killed -9 and their data folders deleted; restoring from the backup store …');
  const restoreMs = await restoreCluster(settings);
  const takingOrdersAt = Date.now();
  await waitUntil(async () => (await fetch(`${base}/api/products?limit=1`).catch(() => undefined))?.status === 200, 60_000);

  const stored = await storedOrders(settings);
  const lostBefore = before.filter((n) => !stored.includes(n));
  const lostAfter = after.filter((n) => !stored.includes(n));
  for (const n of lostBefore) failures.push(`LOST ORDER: ${n} was acknowledged before the WAL was archived, and is not in the restored database`);
  if (twice(stored).length) failures.push(`orders stored twice after the restore: ${twice(stored).join(', ')}`);
  for (const shopper of buying.shoppers) {
    for (const order of shopper.orders.filter((o) => before.includes(o.number))) {
      const answer = await shopper.request(`${base}/api/orders/${order.number}`, {}, { count: false, cookie: order.ownerCookie });
      if (answer?.status !== 200) failures.push(`LOST ORDER: ${order.number} reads ${answer?.status ?? 'nothing'} through its owner's cookie after the restore`);
    }
  }
  console.log(
    `database faults: restored in ${seconds(restoreMs)} s (the shop answered ${seconds(Date.now() - takingOrdersAt)} s later); ` +
      `${before.length} orders acknowledged before the archived point, all back once; recovery point: ` +
      `${lostAfter.length} of the ${after.length} orders acknowledged in the ${seconds(SETTLE_MS)} s after it missing`,
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
