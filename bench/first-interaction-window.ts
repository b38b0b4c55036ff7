/**
 * "The window": on a server-rendered page, the time from the first paint until every part on screen responds
 * (`<html data-shop="ready">`, decisions 022 and 024). A shopper sees the page and taps during it; the tap is lost
 * (decision 018). For `/`, `/shop/face` and a product page (the first product of `GET /api/products?limit=1`), cold loads in
 * Chromium at 4× CPU slowdown with a phone's viewport, one fresh browser context each (frontend/window.ts); the medians
 * of BENCH_WINDOW_RUNS loads per page (default 5), the pages taken in turn in each round.
 *
 * With BENCH_BASELINE_ROOT (another checkout of the shop, installed and built), its stack is measured first and
 * stopped, then the work tree's, and every figure gets its ratio after/before. BENCH_WINDOW_ROOT names the work tree
 * (default: the repository holding this file). Each stack runs that checkout's own servers on its built `dist/`
 * folders (frontend/stack.ts), on free loopback ports, with a remotes.json and a data folder of its own.
 * Two cores: before each round it waits (BENCH_QUIET_WAIT seconds at most, default 60) for other processes to use less
 * than 10% of the machine, and reports the share they took during each load (`others%`, cart-service/machine.ts).
 * Prints figures, writes bench/results/window.json; not a test: the exit code is non-zero only when a figure could not
 * be measured (a stack did not start, a load never reached the ready mark or showed a part's fallback).
 *
 * The first tap: in as many loads again per page, separate from those (a tap sets things going that would change the
 * passive figures), the header's cart button is tapped once as soon as the page has painted, and the page notes when
 * its dropdown opens (frontend/first-tap.ts): tap at, answered at, tap→answer (medians) and how many of the loads
 * had their tap answered at all within 8 s.
 *   npx -y pnpm@10.34.9 bench:window
 *   BENCH_BASELINE_ROOT=/path/to/other/checkout npx -y pnpm@10.34.9 bench:window
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { hasServerRenderedContent } from '../e2e/support/stack-env';
import { cpuTicks, othersPercent, waitForQuiet } from './cart-service/machine';
import { startBenchStack } from './frontend/stack';
import { envNumber, median, printTable, repoRoot, writeResults } from './frontend/util';
import { loadTap, TAP_ANSWER_MS, type TapLoad } from './frontend/first-tap';
import { START_ON_INTENT } from '@shop/contracts/forms';
import { CPU_SLOWDOWN, loadWindow, PHONE_VIEWPORT, type FailedLoad, type WindowLoad } from './frontend/window';

const runs = Math.max(1, Math.round(envNumber('BENCH_WINDOW_RUNS', 5)));
const quietWait = envNumber('BENCH_QUIET_WAIT', 60);
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const workRoot = process.env.BENCH_WINDOW_ROOT ? resolve(process.env.BENCH_WINDOW_ROOT) : repoRoot;
// The pages are the server's (the shell's default; a SERVER_RENDERING=off in the caller's environment would measure
// something else).
process.env.SERVER_RENDERING = 'on';

const FIGURES = ['fcp', 'entryRequested', 'ready', 'window', 'blockingMs'] as const;
type Figure = (typeof FIGURES)[number];
const FIGURE_NAMES: Record<Figure, string> = {
  fcp: 'FCP',
  entryRequested: 'entry script requested',
  ready: 'ready (data-shop)',
  window: 'window = ready − FCP',
  blockingMs: 'long tasks FCP…ready',
};

interface PageFigures {
  path: string;
  /** Each load with the share of the machine (all cores, %) that processes other than the bench's took meanwhile. */
  loads: Array<(WindowLoad | FailedLoad) & { othersCpuPercent: number }>;
  /** Median of each figure over the measured loads (null: none measured, or no load had it). */
  median: Record<Figure, number | null>;
  windowRange: [number, number] | null;
  longTaskCountMedian: number | null;
  othersCpuPercentMedian: number;
  measured: number;
}

const TAP_FIGURES = ['fcp', 'tapAt', 'answeredAt', 'tapToAnswer'] as const;
type TapFigure = (typeof TAP_FIGURES)[number];
const TAP_FIGURE_NAMES: Record<TapFigure, string> = {
  fcp: 'FCP',
  tapAt: 'tap at',
  answeredAt: 'answered at (dropdown open)',
  tapToAnswer: 'tap→answer',
};

/** The first tap's loads of a page (separate from the passive loads). */
interface TapPageFigures {
  path: string;
  loads: Array<(TapLoad | FailedLoad) & { othersCpuPercent: number }>;
  /** Medians over the measured loads; answeredAt and tapToAnswer over the answered ones (null: none). */
  median: Record<TapFigure, number | null>;
  tapToAnswerRange: [number, number] | null;
  inputDelayMedian: number | null;
  /** Measured loads whose tap opened the dropdown within TAP_ANSWER_MS. */
  answered: number;
  /** Measured loads whose tap came before the page's ready mark. */
  beforeReady: number;
  othersCpuPercentMedian: number;
  measured: number;
}

interface RootFigures {
  root: string;
  commit: string;
  /** Uncommitted changes in the checkout (the figures are of its files, not of its commit). */
  dirty: boolean;
  pages: PageFigures[];
  taps: TapPageFigures[];
}

const isMeasured = <Load extends object>(load: Load | FailedLoad): load is Load => !('error' in load);
const ms = (value: number | null) => (value === null ? '—' : String(Math.round(value)));
const ratio = (after: number | null, before: number | null) => (after === null || before === null || before === 0 ? '—' : `×${(after / before).toFixed(2)}`);

function describeCheckout(root: string): { commit: string; dirty: boolean } {
  // Read-only: no optional index refresh in a checkout someone else is working in.
  const git = (...args: string[]) => execFileSync('git', ['--no-optional-locks', '-C', root, ...args], { encoding: 'utf8' }).trim();
  try {
    return { commit: git('rev-parse', '--short', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

function summarize(path: string, loads: PageFigures['loads']): PageFigures {
  const measured = loads.filter((load): load is WindowLoad & { othersCpuPercent: number } => isMeasured<WindowLoad>(load));
  const med = (of: (load: WindowLoad) => number | null) => {
    const values = measured.map(of).filter((value): value is number => value !== null);
    return values.length > 0 ? median(values) : null;
  };
  const windows = measured.map((load) => load.window);
  return {
    path,
    loads,
    median: Object.fromEntries(FIGURES.map((figure) => [figure, med((load) => load[figure])])) as Record<Figure, number | null>,
    windowRange: windows.length > 0 ? [Math.min(...windows), Math.max(...windows)] : null,
    longTaskCountMedian: med((load) => load.longTaskCount),
    othersCpuPercentMedian: median(loads.map((load) => load.othersCpuPercent)),
    measured: measured.length,
  };
}

function summarizeTaps(path: string, loads: TapPageFigures['loads']): TapPageFigures {
  const measured = loads.filter((load): load is TapLoad & { othersCpuPercent: number } => isMeasured<TapLoad>(load));
  const med = (of: (load: TapLoad) => number | null) => {
    const values = measured.map(of).filter((value): value is number => value !== null);
    return values.length > 0 ? median(values) : null;
  };
  const answers = measured.map((load) => load.tapToAnswer).filter((value): value is number => value !== null);
  return {
    path,
    loads,
    median: Object.fromEntries(TAP_FIGURES.map((figure) => [figure, med((load) => load[figure])])) as Record<TapFigure, number | null>,
    tapToAnswerRange: answers.length > 0 ? [Math.min(...answers), Math.max(...answers)] : null,
    inputDelayMedian: med((load) => load.inputDelay),
    answered: answers.length,
    beforeReady: measured.filter((load) => load.tapBeforeReady).length,
    othersCpuPercentMedian: median(loads.map((load) => load.othersCpuPercent)),
    measured: measured.length,
  };
}

/** Runs one load while sampling the machine; a load that throws is a FailedLoad. */
async function sampled<Load extends object>(load: (onEnd: () => void) => Promise<Load | FailedLoad>): Promise<(Load | FailedLoad) & { othersCpuPercent: number }> {
  const cpu = cpuTicks();
  let othersCpuPercent: number | undefined;
  const result = await load(() => (othersCpuPercent = othersPercent(cpu))).catch((error: unknown): FailedLoad => ({ error: (error as Error).message.split('\n')[0]! }));
  othersCpuPercent ??= othersPercent(cpu);
  return { ...result, othersCpuPercent };
}

async function measureRoot(root: string, label: string): Promise<RootFigures> {
  const checkout = describeCheckout(root);
  console.log(`\n${label}: ${root} @ ${checkout.commit}${checkout.dirty ? ' (with uncommitted changes)' : ''}, its built dist/ folders`);
  const stack = await startBenchStack(undefined, '1.0.0', { root });
  try {
    const products = (await (await fetch(`${stack.url}/api/products?limit=1`)).json()) as { products: { slug: string }[] };
    const slug = products.products[0]?.slug;
    if (!slug) throw new Error('GET /api/products answered no product');
    const paths = ['/', '/shop/face', `/shop/product/${slug}`];
    for (const path of paths) {
      // Warms the server's renderer; and the page must be the server's, or there is no window to measure.
      const html = await (await fetch(`${stack.url}${path}`, { headers: { accept: 'text/html' } })).text();
      if (!hasServerRenderedContent(html)) throw new Error(`${path}: the HTML has no server-rendered content in #root`);
      if (!html.includes(START_ON_INTENT)) console.log(`  note: ${path} does not start its scripts with ${START_ON_INTENT}`);
    }
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      // One load per page first, not counted: the servers' first answers (remote code, caches) are not a shopper's.
      for (const path of paths) await loadWindow(browser, `${stack.url}${path}`).catch(() => undefined);
      const loads = new Map<string, PageFigures['loads']>(paths.map((path) => [path, []]));
      const taps = new Map<string, TapPageFigures['loads']>(paths.map((path) => [path, []]));
      for (let round = 1; round <= runs; round++) {
        // Two cores: another build or test run stretches every figure. Wait a while for it, then say what it took.
        await waitForQuiet(quietWait, (line) => console.log(line));
        for (const path of paths) {
          const load = await sampled((onEnd) => loadWindow(browser, `${stack.url}${path}`, { onEnd }));
          loads.get(path)!.push(load);
          console.log(
            `  ${String(round).padStart(2)}/${runs} ${path.padEnd(40)} ` +
              (isMeasured<WindowLoad>(load)
                ? `FCP ${ms(load.fcp)}  entry ${ms(load.entryRequested)}  ready ${ms(load.ready)}  window ${ms(load.window)}  long tasks ${ms(load.blockingMs)} ms (${load.longTaskCount})`
                : `NOT MEASURED: ${load.error}`) +
              `  others ${load.othersCpuPercent}%`,
          );
        }
        // The first tap, in loads of their own: what it sets going must not change the figures above.
        for (const path of paths) {
          const load = await sampled((onEnd) => loadTap(browser, `${stack.url}${path}`, { onEnd }));
          taps.get(path)!.push(load);
          console.log(
            `  ${String(round).padStart(2)}/${runs} tap ${path.padEnd(36)} ` +
              (isMeasured<TapLoad>(load)
                ? `FCP ${ms(load.fcp)}  tap ${ms(load.tapAt)} (input delay ${ms(load.inputDelay)})  ` +
                  (load.answeredAt === null
                    ? `NOT ANSWERED within ${TAP_ANSWER_MS / 1000} s${load.navigatedTo ? ` (went to ${load.navigatedTo})` : ''}`
                    : `answered ${ms(load.answeredAt)}  tap→answer ${ms(load.tapToAnswer)}${load.closedAgain === null ? '' : ` (closed again at ${ms(load.closedAgain)})`}`) +
                  `  ready ${ms(load.ready)}`
                : `NOT MEASURED: ${load.error}`) +
              `  others ${load.othersCpuPercent}%`,
          );
        }
      }
      return {
        root,
        ...checkout,
        pages: paths.map((path) => summarize(path, loads.get(path)!)),
        taps: paths.map((path) => summarizeTaps(path, taps.get(path)!)),
      };
    } finally {
      await browser.close();
    }
  } finally {
    await stack.close();
  }
}

/** A product page's path names its product: the table shows its kind. */
const pageLabel = (path: string) => (path.startsWith('/shop/product/') ? `/shop/product/… (${path.slice('/shop/product/'.length)})` : path);

function printAlone(figures: RootFigures): void {
  console.log(`\nThe window, ${figures.root} @ ${figures.commit}: medians in ms since navigation start (CPU ${CPU_SLOWDOWN}× slower, ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height})`);
  const header = ['page', 'FCP', 'entry req.', 'ready', 'window', 'window min–max', 'long tasks', 'others%', 'loads'];
  const rows = figures.pages.map((page) => [
    pageLabel(page.path),
    ms(page.median.fcp),
    ms(page.median.entryRequested),
    ms(page.median.ready),
    ms(page.median.window),
    page.windowRange ? `${ms(page.windowRange[0])}–${ms(page.windowRange[1])}` : '—',
    page.median.blockingMs === null ? '—' : `${ms(page.median.blockingMs)} (${ms(page.longTaskCountMedian)})`,
    String(page.othersCpuPercentMedian),
    `${page.measured}/${page.loads.length}`,
  ]);
  printTable(header, rows);
  printTapsAlone(figures);
}

/** An answer figure: the median, or "lost" when loads were measured and none had its tap answered. */
const answerMs = (page: TapPageFigures | undefined, figure: TapFigure) =>
  !page ? '—' : (figure === 'answeredAt' || figure === 'tapToAnswer') && page.measured > 0 && page.answered === 0 ? 'lost' : ms(page.median[figure]);
const range = (value: [number, number] | null) => (value ? `${ms(value[0])}–${ms(value[1])}` : '—');

function printTapsAlone(figures: RootFigures): void {
  console.log(`\nFirst tap at first paint, ${figures.root} @ ${figures.commit}: the cart button tapped once at FCP; medians in ms since navigation start`);
  const header = ['page', 'FCP', 'tap at', 'input delay', 'answered at', 'tap→answer', 'tap→answer min–max', 'answered/loads', 'tap before ready', 'others%', 'loads'];
  const rows = figures.taps.map((page) => [
    pageLabel(page.path),
    ...TAP_FIGURES.slice(0, 2).map((figure) => answerMs(page, figure)),
    ms(page.inputDelayMedian),
    ...TAP_FIGURES.slice(2).map((figure) => answerMs(page, figure)),
    range(page.tapToAnswerRange),
    `${page.answered}/${page.measured}`,
    `${page.beforeReady}/${page.measured}`,
    String(page.othersCpuPercentMedian),
    `${page.measured}/${page.loads.length}`,
  ]);
  printTable(header, rows);
}

function printCompared(before: RootFigures, after: RootFigures): void {
  console.log(`\nThe window: before = ${before.root} @ ${before.commit}, after = ${after.root} @ ${after.commit}${after.dirty ? ' + uncommitted changes' : ''}`);
  console.log(`medians in ms since navigation start (CPU ${CPU_SLOWDOWN}× slower, ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height})`);
  const header = ['page', 'figure', 'before', 'after', 'after/before'];
  const rows: string[][] = [];
  for (const page of after.pages) {
    // The product page's slug may differ between checkouts: pages are matched by their place in the list.
    const base = before.pages[after.pages.indexOf(page)];
    FIGURES.forEach((figure, i) => {
      rows.push([
        i === 0 ? pageLabel(page.path) : '',
        FIGURE_NAMES[figure],
        ms(base?.median[figure] ?? null),
        ms(page.median[figure]),
        ratio(page.median[figure], base?.median[figure] ?? null),
      ]);
    });
    rows.push(['', 'window min–max', base?.windowRange ? `${ms(base.windowRange[0])}–${ms(base.windowRange[1])}` : '—', page.windowRange ? `${ms(page.windowRange[0])}–${ms(page.windowRange[1])}` : '—', '']);
    rows.push(['', 'loads measured', base ? `${base.measured}/${base.loads.length}` : '—', `${page.measured}/${page.loads.length}`, '']);
    rows.push(['', 'others% (machine)', base ? String(base.othersCpuPercentMedian) : '—', String(page.othersCpuPercentMedian), '']);
  }
  printTable(header, rows);

  console.log(`\nFirst tap at first paint: the cart button tapped once at FCP, in loads of their own; medians in ms since navigation start`);
  const tapRows: string[][] = [];
  for (const page of after.taps) {
    const base = before.taps[after.taps.indexOf(page)];
    TAP_FIGURES.forEach((figure, i) => {
      tapRows.push([
        i === 0 ? pageLabel(page.path) : '',
        TAP_FIGURE_NAMES[figure],
        answerMs(base, figure),
        answerMs(page, figure),
        ratio(page.median[figure], base?.median[figure] ?? null),
      ]);
    });
    tapRows.push(['', 'tap→answer min–max', range(base?.tapToAnswerRange ?? null), range(page.tapToAnswerRange), '']);
    tapRows.push(['', 'input delay', ms(base?.inputDelayMedian ?? null), ms(page.inputDelayMedian), '']);
    tapRows.push(['', `answered/loads (within ${TAP_ANSWER_MS / 1000} s)`, base ? `${base.answered}/${base.measured}` : '—', `${page.answered}/${page.measured}`, '']);
    tapRows.push(['', 'tap before ready', base ? `${base.beforeReady}/${base.measured}` : '—', `${page.beforeReady}/${page.measured}`, '']);
    tapRows.push(['', 'loads measured', base ? `${base.measured}/${base.loads.length}` : '—', `${page.measured}/${page.loads.length}`, '']);
    tapRows.push(['', 'others% (machine)', base ? String(base.othersCpuPercentMedian) : '—', String(page.othersCpuPercentMedian), '']);
  }
  printTable(header, tapRows);
}

console.log(`The window: first paint until every part on screen responds; ${runs} cold loads per page, CPU ${CPU_SLOWDOWN}× slower, ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height}`);
const before = baselineRoot ? await measureRoot(baselineRoot, 'before (BENCH_BASELINE_ROOT)') : undefined;
const after = await measureRoot(workRoot, before ? 'after (work tree)' : 'work tree');

if (before) printCompared(before, after);
else printAlone(after);

const all = [...(before?.pages ?? []), ...after.pages, ...(before?.taps ?? []), ...after.taps];
const busyLoads = all.reduce((count, page) => count + page.loads.filter((load) => load.othersCpuPercent >= 10).length, 0);
console.log(
  `\n  FCP, entry, ready: ms since navigation start. long tasks: the blocking time (each task's part above 50 ms) between FCP and ready (median count of long tasks).` +
    `\n  tap at: the press's timeStamp; input delay: until the page's first listener ran; answered at: the cart dropdown open with a box; answered/loads: taps answered within ${TAP_ANSWER_MS / 1000} s (medians over those; lost: none). tap before ready: the tap came before data-shop="ready".` +
    `\n  others%: the share of the machine (all cores) other processes took during a load, median; ${busyLoads} of ${all.reduce((count, page) => count + page.loads.length, 0)} loads had 10% or more.`,
);
const failed = all.reduce((count, page) => count + page.loads.length - page.measured, 0);
if (failed > 0) console.log(`  ${failed} load(s) could not be measured (listed above).`);
const file = writeResults('window.json', { runs, tapAnswerMs: TAP_ANSWER_MS, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE_VIEWPORT, ...(before ? { before } : {}), [before ? 'after' : 'workTree']: after });
console.log(`  written: ${file}`);
if (failed > 0) process.exitCode = 1;
