/**
 * Usable at first sight (issue 46): on `/shop/face` and a product page, the time from navigation to the tapped product
 * in the cart, « Ajouter au panier » tapped the moment it shows, on a slow phone (frontend/add-to-cart-load.ts: CPU 4×
 * slower, a phone's viewport), on loopback and under Lighthouse's mobile network (slow 4G); with the first tap's input
 * delay (Event Timing) and the long tasks between the first paint and the product in the cart. Median of
 * BENCH_USABLE_RUNS loads (default 9) per page and network.
 *
 * With BENCH_BASELINE_ROOT (another checkout of the shop, installed and built), both stacks run side by side on free
 * loopback ports and their loads alternate (before, after, before…), so that the machine's noise falls on both alike;
 * every figure gets its ratio after/before. Prints figures, writes bench/results/usable.json; not a test.
 *   npx -y pnpm@10.34.9 bench:usable
 *   BENCH_BASELINE_ROOT=/path/to/other/checkout npx -y pnpm@10.34.9 bench:usable
 * With BENCH_LANGUAGE=ar-MA the work tree's pages are the Arabic ones (/ar/shop/face…), paired with the baseline's.
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { waitForQuiet } from './cart-service/machine';
import { addToCartLoad, type AddToCartLoad, type FailedLoad } from './frontend/add-to-cart-load';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { commitOf, envNumber, median, printTable, repoRoot, writeResults } from './frontend/util';
import { DEFAULT_LOCALE, isShopLocale, localizedPath } from '@shop/contracts/locales';

const runs = Math.max(1, Math.round(envNumber('BENCH_USABLE_RUNS', 9)));
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const language = process.env.BENCH_LANGUAGE ?? DEFAULT_LOCALE;
if (!isShopLocale(language)) throw new Error(`BENCH_LANGUAGE must be one of the shop's languages, not ${language}`);
process.env.SERVER_RENDERING = 'on';
const NETWORKS = [
  { name: 'loopback', slow4g: false },
  { name: 'slow 4G', slow4g: true },
] as const;
const FIGURES = ['buttonVisible', 'clickDone', 'addAnswered', 'inCartServer', 'inCartBadge', 'firstInputDelay', 'blockingMs', 'longestTaskMs', 'longTaskCount'] as const;
type Figure = (typeof FIGURES)[number];
const NAMES: Record<Figure, string> = {
  buttonVisible: 'button visible',
  clickDone: 'click done',
  addAnswered: 'add answered',
  inCartServer: 'in cart (server)',
  inCartBadge: 'in cart (badge)',
  firstInputDelay: 'first input delay',
  blockingMs: 'blocking (FCP…in cart)',
  longestTaskMs: 'longest task',
  longTaskCount: 'long tasks',
};

interface Side {
  label: string;
  root: string;
  commit: string;
  stack: BenchStack;
  product: string;
  loads: Map<string, Array<AddToCartLoad | FailedLoad>>;
}

const isLoad = (load: AddToCartLoad | FailedLoad): load is AddToCartLoad => !('error' in load);
const figureOf = (load: AddToCartLoad, figure: Figure): number | null => (figure === 'longTaskCount' ? load.longTasks.length : load[figure]);
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)}`);

async function side(label: string, root: string): Promise<Side> {
  const stack = await startBenchStack(undefined, '1.0.0', root === repoRoot ? {} : { root });
  const products = (await (await fetch(`${stack.url}/api/products`)).json()) as { products?: { slug: string }[] } | { slug: string }[];
  const list = Array.isArray(products) ? products : (products.products ?? []);
  const slug = list.find((product) => product.slug === 'serum-eclat-figue-de-barbarie')?.slug ?? list[0]!.slug;
  return { label, root, commit: commitOf(root), stack, product: `/shop/product/${slug}`, loads: new Map() };
}

const key = (network: string, page: string) => `${network} ${page}`;
/** The pages a side is measured on: the work tree's in BENCH_LANGUAGE (decision 036), the baseline's as they were. */
const pagesOf = (s: Side) => ['/shop/face', s.product].map((page) => (s.root === repoRoot ? localizedPath(language, page) : page));

function summary(loads: Array<AddToCartLoad | FailedLoad>) {
  const measured = loads.filter(isLoad);
  const medians = Object.fromEntries(
    FIGURES.map((figure) => {
      const values = measured.map((load) => figureOf(load, figure)).filter((value): value is number => value !== null);
      return [figure, values.length ? median(values) : null];
    }),
  ) as Record<Figure, number | null>;
  const inCart = measured.map((load) => load.inCartServer);
  return {
    medians,
    inCartRange: inCart.length ? [Math.min(...inCart), Math.max(...inCart)] : null,
    reloaded: measured.filter((load) => load.documents > 1).length,
    measured: measured.length,
    failed: loads.filter((load) => !isLoad(load)).map((load) => (load as FailedLoad).error),
  };
}

const sides: Side[] = [];
try {
  if (baselineRoot) sides.push(await side('before', baselineRoot));
  sides.push(await side(baselineRoot ? 'after' : 'work tree', repoRoot));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // Warm each server once (renderers started, catalogue read), unthrottled and unrecorded.
    for (const s of sides) for (const page of pagesOf(s)) await fetch(`${s.stack.url}${page}`).then((answer) => answer.text());
    for (let round = 1; round <= runs; round += 1) {
      await waitForQuiet(envNumber('BENCH_QUIET_WAIT', 30), (line) => console.log(line));
      for (const network of NETWORKS) {
        for (const index of [0, 1]) {
          for (const s of sides) {
            const page = pagesOf(s)[index]!;
            const load = await addToCartLoad(browser, `${s.stack.url}${page}`, { slow4g: network.slow4g });
            const list = s.loads.get(key(network.name, page)) ?? [];
            list.push(load);
            s.loads.set(key(network.name, page), list);
            console.log(
              `  ${round}/${runs} ${s.label.padEnd(9)} ${network.name.padEnd(8)} ${page.padEnd(48)} ` +
                (isLoad(load)
                  ? `button ${ms(load.buttonVisible)}  click ${ms(load.clickDone)}  in cart ${ms(load.inCartServer)} (badge ${ms(load.inCartBadge)})  FID ${ms(load.firstInputDelay)}  blocking ${ms(load.blockingMs)} (${load.longTasks.length}, longest ${ms(load.longestTaskMs)})${load.documents > 1 ? '  RELOADED' : ''}`
                  : `NOT MEASURED: ${load.error}`),
            );
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await Promise.all(sides.map((s) => s.stack.close()));
}

const results = sides.map((s) => ({
  label: s.label,
  root: s.root,
  commit: s.commit,
  pages: Object.fromEntries([...s.loads].map(([name, loads]) => [name, { ...summary(loads), loads }])),
}));
console.log(`\nUsable at first sight: medians of ${runs} loads, ms from navigation; CPU 4× slower, phone viewport`);
const [before, after] = results.length === 2 ? results : [undefined, results[0]!];
const header = ['network', 'page', 'figure', ...(before ? ['before', 'after', 'after/before'] : ['value'])];
const rows: string[][] = [];
for (const network of NETWORKS) {
  for (const index of [0, 1]) {
    const pageKey = (s: Side) => key(network.name, pagesOf(s)[index]!);
    const a = after!.pages[pageKey(sides[sides.length - 1]!)]!;
    const b = before ? before.pages[pageKey(sides[0]!)] : undefined;
    FIGURES.forEach((figure, i) => {
      const label = [i === 0 ? network.name : '', i === 0 ? (index === 0 ? '/shop/face' : 'product') : '', NAMES[figure]];
      const x = a.medians[figure];
      const y = b?.medians[figure] ?? null;
      rows.push([...label, ...(b ? [ms(y), ms(x), x !== null && y ? (x / y).toFixed(2) : '—'] : [ms(x)])]);
    });
    rows.push(['', '', 'reloaded (form post)', ...(b ? [`${b.reloaded}/${b.measured}`, `${a.reloaded}/${a.measured}`, ''] : [`${a.reloaded}/${a.measured}`])]);
  }
}
printTable(header, rows, 3);
for (const result of results) console.log(`  ${result.label} = ${result.root} @ ${result.commit}`);
const failures = results.flatMap((result) => Object.values(result.pages).flatMap((page) => page.failed));
if (failures.length) console.log(`  ${failures.length} load(s) not measured: ${[...new Set(failures)].join('; ')}`);
console.log(`  written: ${writeResults('usable.json', { runs, results })}`);
if (failures.length) process.exitCode = 1;
