/**
 * `npx -y pnpm@10.34.9 test:faults`, third part: the fleet's edge cache (decision 045), on a fleet of its own. Checks,
 * through HAProxy's public front and Varnish:
 * - pages are served from the cache, and a switch made through the console, then a stock-out, are shown through it
 *   at once (their delays printed; the bound only tells a purge from the 300 s TTL);
 * - a canary at 50 % keeps its share of browsers through the cache, each browser served its own arm;
 * - with both shells killed -9, cached pages still answer 200 while the cart's calls fail with the API's French
 *   envelope, and a page never cached answers the French 503 page.
 * Privacy and poisoning are faults/edge-privacy.ts's, run here on the same fleet. See faults/README.md.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARM_COOKIE } from '@shop/contracts/edge-cache';
import { SHOP_UNAVAILABLE_MESSAGE } from '@shop/contracts/errors';
import { BUCKET_COOKIE } from '@shop/contracts/progressive-delivery';
import { fleetDown, fleetSettings, fleetUp, readState } from '../deploy/fleet/fleet';
import { REPO_ROOT, type FleetSettings } from '../deploy/fleet/fleet-plan';
import { isRunning } from '../deploy/fleet/daemons';
import { datastoresRoot } from '../deploy/fleet/datastores';
import { haproxyServersUp, waitUntil } from '../deploy/fleet/readiness';
import { edgePrivacyChecks } from './edge-privacy';
import { fleetConsole, operatorToken, setStock } from './fleet-console';

/** Far from the fleet's own ports and from faults/fleet.ts's. */
const PORT_OFFSET = 21_000;
const SUITE_BOUND_MS = 180_000;
/** A purge makes a change visible in milliseconds (printed); the TTL would take 300 s. The bound tells the two apart. */
const PURGE_BOUND_MS = 10_000;
const BROWSERS = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  cache: string | null;
  body: string;
  cookies: string[];
}

async function get(url: string, cookie = ''): Promise<Answer> {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
  return { status: response.status, cache: response.headers.get('x-cache'), body: await response.text(), cookies: response.headers.getSetCookie().map((c) => c.split(';')[0]!) };
}

/** Asks until `shown` holds of the page; answers the milliseconds from `since`, and whether the cache served it. */
async function until(url: string, shown: (body: string) => boolean, since: number): Promise<{ ms: number; then: Answer }> {
  for (;;) {
    const answer = await get(url);
    if (answer.status === 200 && shown(answer.body)) return { ms: Date.now() - since, then: await get(url) };
    if (Date.now() - since > PURGE_BOUND_MS) throw new Error(`${url} still did not show the change ${PURGE_BOUND_MS} ms after it was made`);
    await sleep(10);
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const failures: string[] = [];
  const check = (ok: boolean, failure: string) => ok || failures.push(failure);
  const dir = await mkdtemp(join(tmpdir(), 'shop-edge-faults-'));
  const settings = fleetSettings({ ...process.env, FLEET_DIR: dir, FLEET_PORT_OFFSET: String(PORT_OFFSET), LOG_LEVEL: 'warn' });
  const base = `http://127.0.0.1:${settings.ports.public}`;
  const releases = [
    { from: join(REPO_ROOT, 'mf-frame', 'dist', '1.0.0'), to: join(REPO_ROOT, 'mf-frame', 'dist', '1.0.1-edge-faults') },
    { from: join(REPO_ROOT, 'mf-cart', 'dist', '1.0.0'), to: join(REPO_ROOT, 'mf-cart', 'dist', '1.0.1-edge-faults') },
  ];
  for (const { from, to } of releases) await cp(from, to, { recursive: true });
  const watchdog = setTimeout(() => {
    console.error(`edge faults: the run took more than ${SUITE_BOUND_MS / 1000} s; stopping the fleet`);
    void fleetDown(settings).finally(() => process.exit(1));
  }, SUITE_BOUND_MS);

  try {
    await fleetUp(settings);
    const products = ((await (await fetch(`${base}/api/products?category=face&limit=4`)).json()) as { products: { id: string; slug: string }[] }).products;
    const product = products[0]!;
    const pages = ['/', '/shop/face', `/shop/product/${product.slug}`, '/ar/shop/face'];
    for (const path of pages) {
      await get(`${base}${path}`);
      const again = await get(`${base}${path}`);
      check(again.status === 200 && again.cache === 'HIT', `${path} was not served from the cache the second time (${again.status} ${again.cache})`);
    }
    console.log(`edge faults: ${pages.length} pages served from the cache on their second request`);

    const operations = fleetConsole(settings, await operatorToken(settings, 'edge-faults'));
    const frame = operations.entry('mf-frame', '1.0.1-edge-faults');
    await operations.switch('mf_frame', frame, 'edge fault test');
    const switched = await until(`${base}/shop/face`, (body) => body.includes('/releases/mf-frame/1.0.1-edge-faults/'), Date.now());
    console.log(`edge faults: a switch through the console was served through the cache ${switched.ms} ms after its answer (then ${switched.then.cache})`);
    check(switched.then.cache === 'HIT' && switched.then.body.includes('/releases/mf-frame/1.0.1-edge-faults/'), 'the switched page was not then served from the cache');

    const productPage = `${base}/shop/product/${product.slug}`;
    const outOfStock = (body: string) => body.split('Rupture de stock').length - 1;
    check(outOfStock((await get(productPage)).body) === 0, `${product.slug} showed « Rupture de stock » before its stock-out`);
    const listedBefore = outOfStock((await get(`${base}/shop/face`)).body);
    const stockedOutAt = Date.now();
    await setStock(settings, product.id, 0);
    const stockOut = await until(productPage, (body) => outOfStock(body) > 0, stockedOutAt);
    const listing = await until(`${base}/shop/face`, (body) => outOfStock(body) > listedBefore, stockedOutAt);
    console.log(`edge faults: a stock-out was shown on its product page ${stockOut.ms} ms and on its listing ${listing.ms} ms after it was set`);
    await setStock(settings, product.id, 50);

    failures.push(...(await canaryThroughTheCache(base, operations)));
    failures.push(...(await edgePrivacyChecks(settings, base, product)));
    failures.push(...(await bothShellsDown(settings, base, pages)));
  } catch (error) {
    failures.push(`the run stopped: ${(error as Error).stack ?? String(error)}`);
  } finally {
    clearTimeout(watchdog);
    await fleetDown(settings);
    for (const { to } of releases) await rm(to, { recursive: true, force: true });
    if (!process.env.FLEET_FAULTS_KEEP) for (const folder of [dir, datastoresRoot(settings)]) await rm(folder, { recursive: true, force: true });
  }
  console.log(`edge faults: ${((Date.now() - started) / 1000).toFixed(2)} s in all`);
  if (failures.length) {
    console.error(`\nEDGE FAULTS FAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log('edge faults: pages from the cache, purged at once on a switch and a stock-out, a canary’s share kept, cached pages through an outage.');
  return 0;
}

/**
 * A canary of mf-cart at 50 %: 200 new browsers each load /shop/face (given a bucket and an arm), then twice again with
 * their cookies, the last from the cache. Each browser's pages carry its own arm's release, and about half are the
 * candidate's.
 */
async function canaryThroughTheCache(base: string, operations: ReturnType<typeof fleetConsole>): Promise<string[]> {
  const failures: string[] = [];
  const candidate = '/releases/mf-cart/1.0.1-edge-faults/';
  await operations.canary('mf_cart', operations.entry('mf-cart', '1.0.1-edge-faults'), 50);
  let candidates = 0;
  let hits = 0;
  for (let n = 0; n < BROWSERS; n++) {
    const first = await get(`${base}/shop/face`);
    const cookie = first.cookies.filter((c) => c.startsWith(`${BUCKET_COOKIE}=`) || c.startsWith(`${ARM_COOKIE}=`)).join('; ');
    const arm = /shop_arm=[0-9a-f]{8}-([lc])/.exec(cookie)?.[1];
    if (!arm) {
      failures.push(`browser ${n} was given no arm while the canary ran: ${first.cookies.join(', ')}`);
      continue;
    }
    for (const answer of [await get(`${base}/shop/face`, cookie), await get(`${base}/shop/face`, cookie)]) {
      if (answer.cache === 'HIT') hits += 1;
      if (answer.body.includes(candidate) !== (arm === 'c')) failures.push(`browser ${n} of arm ${arm} was served ${answer.body.includes(candidate) ? 'the candidate' : 'the live release'} (${answer.cache})`);
      if (answer.cookies.length) failures.push(`browser ${n} holding its arm was given cookies again: ${answer.cookies.join(', ')}`);
    }
    if (arm === 'c') candidates += 1;
  }
  console.log(`edge faults: canary at 50 %: ${candidates} of ${BROWSERS} browsers served the candidate; ${hits} of ${BROWSERS * 2} of their pages from the cache`);
  if (candidates < BROWSERS * 0.35 || candidates > BROWSERS * 0.65) failures.push(`the canary at 50 % reached ${candidates} of ${BROWSERS} browsers`);
  if (hits < BROWSERS) failures.push(`only ${hits} of ${BROWSERS * 2} canary pages came from the cache`);
  await operations.abortCanary();
  return failures.slice(0, 10);
}

/** kill -9 both shells: cached pages answer, the cart's calls fail with the API's envelope; then the shells start again. */
async function bothShellsDown(settings: FleetSettings, base: string, cached: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of cached) await get(`${base}${path}`);
  const state = readState(settings);
  const shells = (['shell-1', 'shell-2'] as const).map((name) => state[name]!);
  for (const shell of shells) process.kill(shell.pid, 'SIGKILL');
  await waitUntil(async () => shells.every((shell) => !isRunning(shell)), 5_000);
  // Until HAProxy's checks take both shells out, and after: every cached page answers.
  let asked = 0;
  for (let seenDown = 0; seenDown < 3; asked++) {
    for (const path of cached) {
      const answer = await get(`${base}${path}`);
      if (answer.status !== 200) failures.push(`${path} answered ${answer.status} (${answer.cache}) with both shells down`);
    }
    if (!(await haproxyServersUp(settings.ports.haproxyMetrics, ['shells/shell-1'])) && !(await haproxyServersUp(settings.ports.haproxyMetrics, ['shells/shell-2']))) seenDown += 1;
    if (asked > 500) throw new Error('HAProxy never took the killed shells out');
  }
  const cart = await fetch(`${base}/api/cart`);
  const envelope = (await cart.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (cart.status !== 503 || envelope?.error?.message !== SHOP_UNAVAILABLE_MESSAGE) failures.push(`GET /api/cart with both shells down answered ${cart.status} ${JSON.stringify(envelope)}`);
  const add = await fetch(`${base}/api/cart/add`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"productId":"x","quantity":1}' });
  if (add.status !== 503 || !(await add.text()).includes(SHOP_UNAVAILABLE_MESSAGE)) failures.push(`POST /api/cart/add with both shells down answered ${add.status}`);
  const uncached = await get(`${base}/contact?jamais=vue`);
  if (uncached.status !== 503 || !uncached.body.includes('La boutique est momentanément indisponible')) failures.push(`a page never cached answered ${uncached.status} with both shells down`);
  console.log(`edge faults: both shells killed -9: ${cached.length} cached pages answered 200 in ${asked} rounds, until and after HAProxy took both out; the cart’s calls answered 503 with the French envelope`);
  await fleetUp(settings);
  return failures.slice(0, 10);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`edge faults: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
