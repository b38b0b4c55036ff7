/**
 * `npx -y pnpm@10.34.9 test:faults` (step 5 of `pnpm test`, after the production build): the stack started through the
 * supervised runner (scripts/run-stack.ts) on free loopback ports, virtual shoppers keep shopping, and each process is
 * killed -9 in turn. Prints, per fault, what was served, the errors per second and the time to recover, then checks
 * that nothing the shop acknowledged was lost. Exits non-zero on a loss or a process that did not recover. See
 * faults/README.md.
 *
 * Environment: FAULTS_SHOPPERS (10), FAULTS_RECOVERY_BOUND_MS (30000), FAULTS_SETTLE_MS (2500, load between faults).
 */
import { hasServerRenderedContent, putStock, type ServiceName } from '../e2e/support/stack-env';
import { renderersOf } from '../e2e/support/process-tree';
import { answersOk, services, startSupervisedStack, type SupervisedStack } from '../e2e/support/supervised-stack';
import { checkAcknowledged } from './acknowledged';
import { Shopper, type RequestRecord } from './shopper';

const SHOPPERS = Number(process.env.FAULTS_SHOPPERS ?? 10);
const RECOVERY_BOUND_MS = Number(process.env.FAULTS_RECOVERY_BOUND_MS ?? 30_000);
const SETTLE_MS = Number(process.env.FAULTS_SETTLE_MS ?? 2_500);
/** The whole run, start-up to verdict; beyond it everything is stopped and the run fails. */
const SUITE_BOUND_MS = 150_000;

interface Fault {
  name: ServiceName | 'renderer';
  pid: number;
  killedAt: number;
  recoveredAt?: number;
  /** How the supervisor logged the death. */
  logged?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** That process answers its /healthz, and a full page + API round trip (and the remote's manifest) succeeds. */
async function recovered(stack: SupervisedStack, name: ServiceName, base: string): Promise<boolean> {
  if (!(await answersOk(stack.healthUrl(name)))) return false;
  if (!(await answersOk(`${base}/shop/face`))) return false;
  if (!(await answersOk(`${base}/api/products?category=face`))) return false;
  if (!(await answersOk(`${base}/api/cart`))) return false;
  if (name.startsWith('mf-') && !(await answersOk(stack.manifestUrl(name)))) return false;
  return true;
}

/** The page answers 200 with the server's render in it (not the page left for the browser to render). */
async function serverRendered(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { headers: { accept: 'text/html' } });
    return response.ok && hasServerRenderedContent(await response.text());
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const failures: string[] = [];
  console.log(`faults: starting the production stack through scripts/run-stack.ts (${SHOPPERS} shoppers)`);
  const stack = await startSupervisedStack();
  const base = `http://127.0.0.1:${stack.ports.shell}`;
  const watchdog = setTimeout(() => {
    console.error(`faults: the run took more than ${SUITE_BOUND_MS / 1000} s; stopping everything`);
    void stack.stop('SIGTERM').finally(() => process.exit(1));
  }, SUITE_BOUND_MS);

  const records: RequestRecord[] = [];
  const faults: Fault[] = [];
  try {
    const catalogue = (await (await fetch(`${base}/api/products?limit=8`)).json()) as { products: { id: string }[] };
    const targets = {
      base,
      origin: stack.url,
      manifests: (['mf-frame', 'mf-cart', 'mf-catalog-pages'] as const).map((name) =>
        stack.manifestUrl(name).replace('//localhost:', '//127.0.0.1:'),
      ),
      productIds: catalogue.products.slice(0, 8).map((p) => p.id),
    };
    // Enough stock that no order is refused for it: this suite is about faults, stock has its own tests.
    for (const productId of targets.productIds) {
      const res = await putStock(stack.ports, productId, 1_000_000);
      if (res.status !== 200) throw new Error(`setting the stock of ${productId} answered ${res.status}`);
    }
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => new Shopper(i + 1, targets, (r) => records.push(r)));
    let running = true;
    const loops = shoppers.map((s) => s.run(() => running));

    // Steady load first, then each process in turn.
    await sleep(SETTLE_MS);
    for (const name of services) {
      const outputBefore = stack.output().length;
      const victim = await stack.killServer(name);
      const fault: Fault = { name, pid: victim.pid, killedAt: Date.now() };
      faults.push(fault);
      process.stdout.write(`faults: killed -9 ${name} (pid ${victim.pid}, ${victim.argv.slice(1).join(' ')}) … `);
      const deadline = fault.killedAt + RECOVERY_BOUND_MS;
      while (Date.now() < deadline) {
        if (await recovered(stack, name, base)) {
          fault.recoveredAt = Date.now();
          break;
        }
        await sleep(50);
      }
      fault.logged = new RegExp(`${name} s'est arrêté \\(([^)]*)\\)`).exec(stack.output().slice(outputBefore))?.[1];
      if (fault.recoveredAt === undefined) {
        console.log('not recovered');
        failures.push(`${name} did not recover within ${RECOVERY_BOUND_MS / 1000} s (its /healthz and a page + API round trip)`);
        break;
      }
      console.log(`back in ${seconds(fault.recoveredAt - fault.killedAt)} s`);
      await sleep(SETTLE_MS);
    }

    // The shell's renderer (decision 027): a process of its own, so kill -9 costs at most the pages it was rendering
    // (sent for the browser to render), never an answer; the shell starts another.
    const shellServer = stack.serverProcess('shell');
    const renderer = shellServer ? renderersOf(shellServer.pid).at(-1) : undefined;
    if (!shellServer || !renderer) failures.push('no renderer process found under the shell\'s server');
    else {
      process.kill(renderer.pid, 'SIGKILL');
      const fault: Fault = { name: 'renderer', pid: renderer.pid, killedAt: Date.now(), logged: 'the shell replaced it' };
      faults.push(fault);
      process.stdout.write(`faults: killed -9 the shell's renderer (pid ${renderer.pid}) … `);
      while (Date.now() < fault.killedAt + RECOVERY_BOUND_MS) {
        const next = renderersOf(shellServer.pid).find((p) => p.pid !== renderer.pid);
        if (next && (await serverRendered(`${base}/shop/face`))) {
          fault.recoveredAt = Date.now();
          break;
        }
        await sleep(50);
      }
      if (fault.recoveredAt === undefined) failures.push(`the shell did not render pages again within ${RECOVERY_BOUND_MS / 1000} s of its renderer's death`);
      else {
        console.log(`back in ${seconds(fault.recoveredAt - fault.killedAt)} s`);
        const lost = records.filter((r) => r.at >= fault.killedAt && r.at <= fault.recoveredAt! && !r.ok);
        if (lost.length > 0) failures.push(`killing the renderer cost ${lost.length} answer(s); pages in flight must be sent for the browser to render`);
      }
      await sleep(SETTLE_MS);
    }

    running = false;
    await Promise.all(loops);

    // Nothing acknowledged lost: every order readable by its owner, every cart within its bounds.
    const checked = await checkAcknowledged(shoppers, base);
    failures.push(...checked.problems);
    const { ordersChecked, retriedOrders } = checked;

    // Report.
    console.log('');
    const rows = faults.map((f) => {
      const end = f.recoveredAt ?? Date.now();
      const inWindow = records.filter((r) => r.at >= f.killedAt && r.at <= end);
      const errors = inWindow.filter((r) => !r.ok).length;
      const windowS = Math.max((end - f.killedAt) / 1000, 0.001);
      return [
        f.name,
        String(f.pid),
        f.logged ?? '(not logged)',
        f.recoveredAt ? seconds(f.recoveredAt - f.killedAt) : `> ${RECOVERY_BOUND_MS / 1000}`,
        String(inWindow.length - errors),
        String(errors),
        (errors / windowS).toFixed(1),
      ];
    });
    const inAnyFault = (r: RequestRecord) => faults.some((f) => r.at >= f.killedAt && r.at <= (f.recoveredAt ?? Infinity));
    const outside = records.filter((r) => !inAnyFault(r));
    rows.push(['outside faults', '', '', '', String(outside.filter((r) => r.ok).length), String(outside.filter((r) => !r.ok).length), '']);
    console.log(table(['fault (kill -9)', 'pid', 'supervisor saw', 'recovered s', 'served', 'errors', 'errors/s'], rows));
    const adds = records.length;
    console.log(
      `\n${SHOPPERS} shoppers, ${shoppers.reduce((a, s) => a + s.iterations, 0)} rounds, ${adds} requests; ` +
        `${ordersChecked} orders acknowledged and read back (${retriedOrders} after a lost answer, found again by their ` +
        `Idempotency-Key); carts checked: ${shoppers.length}; adds whose answer was lost (applied or not): ${shoppers.reduce((a, s) => a + s.lostAnswers, 0)}; ` +
        `order answers that said success without the order (cut on the way, retried): ${shoppers.reduce((a, s) => a + s.incompleteAnswers, 0)}.`,
    );
  } finally {
    clearTimeout(watchdog);
    const { code, leftBehind, busyPorts } = await stack.stop('SIGINT');
    if (code !== 0) failures.push(`the runner exited with ${code} after SIGINT`);
    if (leftBehind.length) failures.push(`processes left after SIGINT: ${leftBehind.map((p) => `${p.pid} ${p.argv.join(' ')}`).join('; ')}`);
    if (busyPorts.length) failures.push(`ports still busy after SIGINT: ${busyPorts.join(', ')}`);
    if (failures.length) console.log(`\n--- runner output (last 4,000 characters) ---\n${stack.output().slice(-4_000)}`);
    await stack.cleanUp();
  }

  console.log(`\nfaults: ${seconds(Date.now() - started)} s in all`);
  if (failures.length) {
    console.error(`\nFAULTS FAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log('faults: every process recovered, nothing acknowledged was lost.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`faults: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
