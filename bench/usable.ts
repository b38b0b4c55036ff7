/**
 * Usable at first sight (issue 46, decision 033): on `/shop/face` and a product page, the time from navigation to the
 * tapped product in the cart, « Ajouter au panier » clicked the moment it shows, each load as
 * ../shared/peers/compare.mjs makes its "usable" loads (frontend/add-to-cart-load.ts: a browser per load, a 412×823
 * context in fr-MA, the CPU 4× slower, click with noWaitAfter, the cart proven by GET /api/cart), on loopback (compare's
 * condition: its product-page figures are this bench's `loopback product` rows) and under Lighthouse's mobile network
 * (slow 4G); with the first tap's input delay (Event Timing) and the long tasks between the first paint and the product
 * in the cart. BENCH_USABLE_RUNS rounds (default 9) per page and network; medians (min–max).
 *
 * The stacks are the shop as its README starts it (frontend/readme-stack.ts: `node --import tsx scripts/run-stack.ts`,
 * README defaults): the work tree's on the README's ports (or BENCH_SHOP_URL's, already running), and with
 * BENCH_BASELINE_ROOT (another checkout, installed and built) that one too, on ports of its own, both at once, loads
 * alternating (before, after, then after, before…) so the machine's noise falls on both alike; every figure gets its
 * ratio after/before. Prints figures, writes bench/results/usable.json; not a test.
 *   npx -y pnpm@10.34.9 bench:usable
 *   BENCH_BASELINE_ROOT=/path/to/other/checkout npx -y pnpm@10.34.9 bench:usable
 *   BENCH_SHOP_URL=http://localhost:3000 npx -y pnpm@10.34.9 bench:usable
 * With BENCH_LANGUAGE=ar-MA the work tree's pages are the Arabic ones (/ar/shop/face…), paired with the baseline's.
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { waitForQuiet } from './cart-service/machine';
import { addToCartLoad, COMPARE_CONTEXT, CPU_SLOWDOWN, type AddToCartLoad, type FailedLoad } from './frontend/add-to-cart-load';
import { loadAverage } from './frontend/lighthouse-run';
import { measuredStacks, type MeasuredStack } from './frontend/stack';
import { envNumber, median, medianRange, printTable, ratioText, repoRoot, writeResults } from './frontend/util';
import { DEFAULT_LOCALE, isShopLocale, localizedPath } from '@shop/contracts/locales';

const runs = Math.max(1, Math.round(envNumber('BENCH_USABLE_RUNS', 9)));
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const language = process.env.BENCH_LANGUAGE ?? DEFAULT_LOCALE;
if (!isShopLocale(language)) throw new Error(`BENCH_LANGUAGE must be one of the shop's languages, not ${language}`);
const log = (line: string) => console.log(line);
const NETWORKS = [
  { name: 'loopback', slow4g: false },
  { name: 'slow 4G', slow4g: true },
] as const;
const FIGURES = ['buttonVisible', 'clickDone', 'addAnswered', 'inCartServer', 'inCartBadge', 'noticeShown', 'firstInputDelay', 'blockingMs', 'longestTaskMs', 'longTaskCount'] as const;
type Figure = (typeof FIGURES)[number];
const NAMES: Record<Figure, string> = {
  buttonVisible: 'button visible',
  clickDone: 'click done',
  addAnswered: 'add answered',
  inCartServer: 'in cart (server)',
  inCartBadge: 'in cart (badge)',
  noticeShown: 'notice shown',
  firstInputDelay: 'first input delay',
  blockingMs: 'blocking (FCP…in cart)',
  longestTaskMs: 'longest task',
  longTaskCount: 'long tasks',
};

interface Side extends MeasuredStack {
  product: string;
  loads: Map<string, Array<AddToCartLoad | FailedLoad>>;
}

const isLoad = (load: AddToCartLoad | FailedLoad): load is AddToCartLoad => !('error' in load);
const figureOf = (load: AddToCartLoad, figure: Figure): number | null => (figure === 'longTaskCount' ? load.longTasks.length : load[figure]);
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)}`);

async function withProduct(measured: MeasuredStack): Promise<Side> {
  const products = (await (await fetch(`${measured.stack.url}/api/products?limit=1`)).json()) as { products?: { slug: string }[] } | { slug: string }[];
  const list = Array.isArray(products) ? products : (products.products ?? []);
  // compare.mjs's product page.
  const slug = list.find((product) => product.slug === 'serum-eclat-figue-de-barbarie')?.slug ?? list[0]!.slug;
  return { ...measured, product: `/shop/product/${slug}`, loads: new Map() };
}

const key = (network: string, page: string) => `${network} ${page}`;
/** The pages a side is measured on: the work tree's in BENCH_LANGUAGE (decision 036), the baseline's as they were. */
const pagesOf = (s: Side) => ['/shop/face', s.product].map((page) => (s.root === repoRoot ? localizedPath(language, page) : page));

/** Every figure's values over the measured loads, the not measured loads' errors, and how the adds were answered. */
function summary(loads: Array<AddToCartLoad | FailedLoad>) {
  const measured = loads.filter(isLoad);
  const values = Object.fromEntries(
    FIGURES.map((figure) => [figure, measured.map((load) => figureOf(load, figure)).filter((value): value is number => value !== null)]),
  ) as Record<Figure, number[]>;
  const medians = Object.fromEntries(FIGURES.map((figure) => [figure, values[figure].length ? median(values[figure]) : null])) as Record<Figure, number | null>;
  const addRequests: Record<string, number> = {};
  for (const load of measured) addRequests[load.addRequest ?? 'none seen'] = (addRequests[load.addRequest ?? 'none seen'] ?? 0) + 1;
  return {
    values,
    medians,
    reloaded: measured.filter((load) => load.documents > 1).length,
    measured: measured.length,
    addRequests,
    failed: loads.filter((load) => !isLoad(load)).map((load) => (load as FailedLoad).error),
  };
}

const stacks: MeasuredStack[] = [];
const sides: Side[] = [];
try {
  stacks.push(...(await measuredStacks(baselineRoot, log)));
  for (const measured of stacks) sides.push(await withProduct(measured));
  // As compare.mjs: one plain load of every page first, unthrottled and unrecorded (renderers started, catalogue read,
  // remote files and images read once from disk).
  const warm = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const s of sides) {
      for (const page of pagesOf(s)) {
        const context = await warm.newContext(COMPARE_CONTEXT);
        const tab = await context.newPage();
        await tab.goto(`${s.stack.url}${page}`, { waitUntil: 'load', timeout: 60_000 }).catch(() => undefined);
        await tab.waitForTimeout(500);
        await context.close();
      }
    }
  } finally {
    await warm.close();
  }
  for (let round = 1; round <= runs; round += 1) {
    await waitForQuiet(envNumber('BENCH_QUIET_WAIT', 30), log);
    // Alternating order, so that neither side always loads first.
    const inTurn = round % 2 === 0 ? [...sides].reverse() : sides;
    for (const network of NETWORKS) {
      for (const index of [0, 1]) {
        for (const s of inTurn) {
          const page = pagesOf(s)[index]!;
          const load = await addToCartLoad(`${s.stack.url}${page}`, { slow4g: network.slow4g });
          const list = s.loads.get(key(network.name, page)) ?? [];
          list.push(load);
          s.loads.set(key(network.name, page), list);
          log(
            `  ${round}/${runs} ${s.label.padEnd(6)} ${network.name.padEnd(8)} ${page.padEnd(48)} ` +
              (isLoad(load)
                ? `button ${ms(load.buttonVisible)}  click ${ms(load.clickDone)}  in cart ${ms(load.inCartServer)} (badge ${ms(load.inCartBadge)}, notice ${ms(load.noticeShown)})  FID ${ms(load.firstInputDelay)}  blocking ${ms(load.blockingMs)} (${load.longTasks.length}, longest ${ms(load.longestTaskMs)})${load.documents > 1 ? '  RELOADED' : ''}`
                : `NOT MEASURED: ${load.error}`) +
              `  load ${loadAverage().join(' ')}`,
          );
        }
      }
    }
  }
} finally {
  await Promise.all(stacks.map((measured) => measured.stack.close()));
}

const results = sides.map((s) => ({
  label: s.label,
  root: s.root,
  commit: s.commit,
  stack: s.stack.how,
  pages: Object.fromEntries([...s.loads].map(([name, loads]) => [name, { ...summary(loads), loads }])),
}));
log(`\nUsable at first sight: medians (min–max) of ${runs} loads, ms from navigation; CPU ${CPU_SLOWDOWN}× slower, 412×823, a browser per load`);
const after = sides.find((s) => s.label === 'after')!;
const before = sides.find((s) => s.label === 'before');
const header = ['network', 'page', 'figure', ...(before ? ['before', 'after', 'after/before'] : ['after'])];
const rows: string[][] = [];
for (const network of NETWORKS) {
  for (const index of [0, 1]) {
    const of = (s: Side) => summary(s.loads.get(key(network.name, pagesOf(s)[index]!)) ?? []);
    const a = of(after);
    const b = before ? of(before) : undefined;
    FIGURES.forEach((figure, i) => {
      const label = [i === 0 ? network.name : '', i === 0 ? (index === 0 ? '/shop/face' : 'product') : '', NAMES[figure]];
      const cell = (values: number[]) => medianRange(values);
      rows.push([...label, ...(b ? [cell(b.values[figure]), cell(a.values[figure]), ratioText(a.medians[figure], b.medians[figure])] : [cell(a.values[figure])])]);
    });
    const counts = (s: ReturnType<typeof summary>) => `${s.reloaded}/${s.measured}`;
    rows.push(['', '', 'reloaded (form post)', ...(b ? [counts(b), counts(a), ''] : [counts(a)])]);
    const failures = (s: ReturnType<typeof summary>) => `${s.failed.length}/${s.failed.length + s.measured}`;
    rows.push(['', '', 'not measured', ...(b ? [failures(b), failures(a), ''] : [failures(a)])]);
  }
}
printTable(header, rows, 3);
log(`  loopback product = what ../shared/peers/compare.mjs calls "usable" (button visible, click done, in cart)`);
for (const s of sides) {
  const adds = summary([...s.loads.values()].flat()).addRequests;
  log(`  ${s.label} = ${s.root} @ ${s.commit}; ${s.stack.how}`);
  log(`    the adds were answered by: ${Object.entries(adds).map(([request, count]) => `${request} ×${count}`).join(', ') || '—'}`);
}
const failures = results.flatMap((result) => Object.values(result.pages).flatMap((page) => page.failed));
if (failures.length) log(`  ${failures.length} load(s) not measured: ${[...new Set(failures)].join('; ')}`);
log(`  written: ${writeResults('usable.json', { runs, context: COMPARE_CONTEXT, cpuSlowdown: CPU_SLOWDOWN, results })}`);
if (failures.length) process.exitCode = 1;
