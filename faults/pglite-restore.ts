/**
 * `npx -y pnpm@10.34.9 test:faults`, fourth part: the restore drill of the embedded database (PGlite). The production
 * stack (scripts/run-stack.ts) on free ports, shoppers buying; `pnpm backup` while they buy; more buying; the stack
 * stopped and cart-service's data folder deleted; `pnpm restore`, timed; the stack started again on the same ports.
 * Every order acknowledged before the backup started must then read back, through its owner's cookie and in the
 * operators' list, exactly once. Orders acknowledged after it are the recovery point of a file backup: counted and
 * printed, as is the restore's time. Exits non-zero on a lost or duplicated order. See faults/README.md.
 *
 * Environment: FAULTS_SHOPPERS (10), FAULTS_SETTLE_MS (2500: buying before and after the backup).
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_TOKEN, putStock } from '../e2e/support/stack-env';
import { repoRoot, startSupervisedStack, type SupervisedStack } from '../e2e/support/supervised-stack';
import { allOrderNumbers, readsBack } from './acknowledged';
import { Shopper } from './shopper';

const SHOPPERS = Number(process.env.FAULTS_SHOPPERS ?? 10);
const SETTLE_MS = Number(process.env.FAULTS_SETTLE_MS ?? 2_500);
/** A watchdog, not a measure: beyond it everything is stopped and the drill fails. */
const DRILL_BOUND_MS = 150_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/**
 * Runs `pnpm <command> <file>` as an operator would, on the stack's data folder and cart-service. Under pnpm (the
 * suite's own script) through the same pnpm and the root's script; otherwise the script's command line itself.
 */
function operatorCommand(stack: SupervisedStack, command: 'backup' | 'restore', file: string): Promise<{ code: number | null; output: string; ms: number }> {
  const pnpm = process.env.npm_execpath;
  const argv = pnpm?.includes('pnpm') ? [pnpm, command, file] : ['--import', 'tsx', 'cart-service/src/cli/database-cli.ts', command, file];
  console.log(`restore drill: running ${pnpm?.includes('pnpm') ? 'pnpm' : 'node --import tsx cart-service/src/cli/database-cli.ts'} ${command} ${file}`);
  const env = {
    ...process.env,
    CART_DATA_DIR: stack.cartDataDir,
    CART_SERVICE_URL: `http://127.0.0.1:${stack.ports['cart-service']}`,
    ADMIN_TOKEN,
  };
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, argv, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, output: output.trim(), ms: Date.now() - started }));
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const failures: string[] = [];
  console.log(`restore drill: starting the production stack on PGlite (${SHOPPERS} shoppers)`);
  let stack = await startSupervisedStack();
  const watchdog = setTimeout(() => {
    console.error(`restore drill: the run took more than ${DRILL_BOUND_MS / 1000} s; stopping everything`);
    void stack.stop('SIGTERM').finally(() => process.exit(1));
  }, DRILL_BOUND_MS);
  const base = `http://127.0.0.1:${stack.ports.shell}`;
  const backupFile = join(stack.dataDir, 'drill-backup.tar.gz');
  try {
    const catalogue = (await (await fetch(`${base}/api/products?limit=8`)).json()) as { products: { id: string }[] };
    const targets = { base, origin: stack.url, manifests: [], productIds: catalogue.products.slice(0, 8).map((p) => p.id) };
    // Enough stock that no order is refused for it: this drill is about what a restore brings back.
    for (const productId of targets.productIds) {
      const res = await putStock(stack.ports, productId, 1_000_000);
      if (res.status !== 200) throw new Error(`setting the stock of ${productId} answered ${res.status}`);
    }
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => new Shopper(i + 1, targets, () => undefined));
    let running = true;
    const loops = shoppers.map((s) => s.run(() => running));
    await sleep(SETTLE_MS);

    // What was acknowledged before the operator typed the command must be in the copy.
    const acknowledgedBefore = shoppers.map((s) => s.orders.length);
    const backup = await operatorCommand(stack, 'backup', backupFile);
    const backupDoneAt = Date.now();
    const acknowledgedDuring = shoppers.map((s) => s.orders.length);
    console.log(`restore drill: backup took ${seconds(backup.ms)} s, exit ${backup.code}:\n  ${backup.output.replaceAll('\n', '\n  ')}`);
    if (backup.code !== 0) throw new Error('the backup failed');
    await sleep(SETTLE_MS);
    running = false;
    await Promise.all(loops);
    const buyingEndedAt = Date.now();
    for (const shopper of shoppers) for (const problem of shopper.problems) failures.push(`shopper ${shopper.id}: ${problem}`);

    const stopped = await stack.stop('SIGINT');
    if (stopped.code !== 0) failures.push(`the runner exited with ${stopped.code} after SIGINT`);
    await rm(stack.cartDataDir, { recursive: true, force: true });
    console.log(`restore drill: stack stopped, ${stack.cartDataDir} deleted`);

    const restore = await operatorCommand(stack, 'restore', backupFile);
    console.log(`restore drill: restore took ${seconds(restore.ms)} s, exit ${restore.code}:\n  ${restore.output.replaceAll('\n', '\n  ')}`);
    if (restore.code !== 0) throw new Error('the restore failed');
    stack = await startSupervisedStack({ again: stack });

    // Every order acknowledged before the backup: back, once, as it was acknowledged.
    const stored = await allOrderNumbers((path) => fetch(`http://127.0.0.1:${stack.ports['cart-service']}${path}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }));
    const times = new Map<string, number>();
    for (const number of stored) times.set(number, (times.get(number) ?? 0) + 1);
    for (const [number, count] of times) if (count > 1) failures.push(`DUPLICATE: order ${number} is listed ${count} times`);
    const rows = { before: 0, after: 0, afterBack: 0, afterDoneBack: 0 };
    for (const [i, shopper] of shoppers.entries()) {
      for (const [index, order] of shopper.orders.entries()) {
        if (index < acknowledgedBefore[i]!) {
          rows.before += 1;
          const problem = await readsBack(shopper, base, order);
          if (problem) failures.push(problem);
          else if (!times.has(order.number)) failures.push(`LOST ORDER: ${order.number} reads back but is not in the operators' list`);
          continue;
        }
        rows.after += 1;
        if (!times.has(order.number)) continue;
        rows.afterBack += 1;
        // Acknowledged once the backup had ended: its copy cannot hold it, so the data folder was not replaced.
        if (index >= acknowledgedDuring[i]!) rows.afterDoneBack += 1;
      }
    }
    if (rows.afterDoneBack > 0) failures.push(`${rows.afterDoneBack} order(s) acknowledged after the backup had ended are in the restored database`);

    console.log('');
    console.log(`orders acknowledged before the backup started:   ${rows.before} (all must be back, once)`);
    console.log(`orders acknowledged after it started:            ${rows.after}, of which ${rows.afterBack} in the copy (made while the backup ran)`);
    console.log(`recovery point (acknowledged orders missing):    ${rows.after - rows.afterBack} orders, the ${seconds(buyingEndedAt - backupDoneAt)} s of buying after the backup ended`);
    console.log(`orders in the restored database:                 ${stored.length}`);
    console.log(`backup: ${seconds(backup.ms)} s; restore: ${seconds(restore.ms)} s (each the whole command, as an operator runs it)`);
  } finally {
    clearTimeout(watchdog);
    const { code } = await stack.stop('SIGINT');
    if (code !== 0) failures.push(`the runner exited with ${code} after SIGINT`);
    if (failures.length) console.log(`\n--- runner output (last 4,000 characters) ---\n${stack.output().slice(-4_000)}`);
    await stack.cleanUp();
  }

  console.log(`\nrestore drill: ${seconds(Date.now() - started)} s in all`);
  if (failures.length) {
    console.error(`\nRESTORE DRILL FAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log('restore drill: every order acknowledged before the backup is back, exactly once.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`restore drill: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
