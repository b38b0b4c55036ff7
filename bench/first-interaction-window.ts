/**
 * "The window": on a server-rendered page, the time from the first paint until every part on screen responds
 * (`<html data-shop="ready">`, decisions 022 and 024). A shopper sees the page and taps during it; the tap is lost
 * (decision 018). For `/`, `/shop/face` and a product page (the first product of `GET /api/products`), cold loads in
 * Chromium at 4× CPU slowdown with a phone's viewport, one fresh browser context each (frontend/window.ts); the medians
 * of BENCH_WINDOW_RUNS loads per page (default 5), the pages taken in turn in each round.
 *
 * With BENCH_BASELINE_ROOT (another checkout of the shop, installed and built), its stack is measured first and
 * stopped, then the work tree's, and every figure gets its ratio after/before. BENCH_WINDOW_ROOT names the work tree
 * (default: the repository holding this file). Each stack runs that checkout's own servers on its built `dist/`
 * folders (frontend/stack.ts), on free loopback ports, with a remotes.json and a data folder of its own.
 * Two cores: before each round it waits (BENCH_QUIET_WAIT seconds at most, default 60) for other processes to use less
 * than 10% of the machine, and reports the share they took during each load (`others%`, frontend/machine-share.ts).
 * Prints figures, writes bench/results/window.json; not a test: the exit code is non-zero only when a figure could not
 * be measured (a stack did not start, a load never reached the ready mark or showed a part's fallback).
 *   npx -y pnpm@10.34.9 bench:window
 *   BENCH_BASELINE_ROOT=/path/to/other/checkout npx -y pnpm@10.34.9 bench:window
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { cpuSample, othersPercentSince, waitForQuietMachine } from './frontend/machine-share';
import { startBenchStack } from './frontend/stack';
import { envNumber, median, repoRoot, writeResults } from './frontend/util';
import { CPU_SLOWDOWN, loadWindow, PHONE_VIEWPORT, START_AFTER_PAINT, type FailedLoad, type WindowLoad } from './frontend/window';

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

interface RootFigures {
  root: string;
  commit: string;
  /** Uncommitted changes in the checkout (the figures are of its files, not of its commit). */
  dirty: boolean;
  pages: PageFigures[];
}

const isMeasured = (load: WindowLoad | FailedLoad): load is WindowLoad => !('error' in load);
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
  const measured = loads.filter((load): load is WindowLoad & { othersCpuPercent: number } => isMeasured(load));
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

async function measureRoot(root: string, label: string): Promise<RootFigures> {
  const checkout = describeCheckout(root);
  console.log(`\n${label}: ${root} @ ${checkout.commit}${checkout.dirty ? ' (with uncommitted changes)' : ''}, its built dist/ folders`);
  const stack = await startBenchStack(undefined, '1.0.0', { root });
  try {
    const products = (await (await fetch(`${stack.url}/api/products`)).json()) as { products: { slug: string }[] };
    const slug = products.products[0]?.slug;
    if (!slug) throw new Error('GET /api/products answered no product');
    const paths = ['/', '/shop/face', `/shop/product/${slug}`];
    for (const path of paths) {
      // Warms the server's renderer; and the page must be the server's, or there is no window to measure.
      const html = await (await fetch(`${stack.url}${path}`, { headers: { accept: 'text/html' } })).text();
      if (!/<div id="root"[^>]*>\s*<[a-z]/i.test(html)) throw new Error(`${path}: the HTML has no server-rendered content in #root`);
      if (!html.includes(START_AFTER_PAINT)) console.log(`  note: ${path} does not start its scripts with ${START_AFTER_PAINT}`);
    }
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      // One load per page first, not counted: the servers' first answers (remote code, caches) are not a shopper's.
      for (const path of paths) await loadWindow(browser, `${stack.url}${path}`).catch(() => undefined);
      const loads = new Map<string, PageFigures['loads']>(paths.map((path) => [path, []]));
      for (let round = 1; round <= runs; round++) {
        // Two cores: another build or test run stretches every figure. Wait a while for it, then say what it took.
        await waitForQuietMachine(quietWait, (line) => console.log(line));
        for (const path of paths) {
          const cpu = cpuSample();
          let othersCpuPercent: number | undefined;
          const load = await loadWindow(browser, `${stack.url}${path}`, { onEnd: () => (othersCpuPercent = othersPercentSince(cpu)) }).catch(
            (error: unknown): FailedLoad => ({ error: (error as Error).message.split('\n')[0]! }),
          );
          othersCpuPercent ??= othersPercentSince(cpu);
          loads.get(path)!.push({ ...load, othersCpuPercent });
          console.log(
            `  ${String(round).padStart(2)}/${runs} ${path.padEnd(40)} ` +
              (isMeasured(load)
                ? `FCP ${ms(load.fcp)}  entry ${ms(load.entryRequested)}  ready ${ms(load.ready)}  window ${ms(load.window)}  long tasks ${ms(load.blockingMs)} ms (${load.longTaskCount})`
                : `NOT MEASURED: ${load.error}`) +
              `  others ${othersCpuPercent}%`,
          );
        }
      }
      return { root, ...checkout, pages: paths.map((path) => summarize(path, loads.get(path)!)) };
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
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

console.log(`The window: first paint until every part on screen responds; ${runs} cold loads per page, CPU ${CPU_SLOWDOWN}× slower, ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height}`);
const before = baselineRoot ? await measureRoot(baselineRoot, 'before (BENCH_BASELINE_ROOT)') : undefined;
const after = await measureRoot(workRoot, before ? 'after (work tree)' : 'work tree');

if (before) printCompared(before, after);
else printAlone(after);

const all = [...(before?.pages ?? []), ...after.pages];
const busyLoads = all.reduce((count, page) => count + page.loads.filter((load) => load.othersCpuPercent >= 10).length, 0);
console.log(
  `\n  FCP, entry, ready: ms since navigation start. long tasks: the blocking time (each task's part above 50 ms) between FCP and ready (median count of long tasks).` +
    `\n  others%: the share of the machine (all cores) other processes took during a load, median; ${busyLoads} of ${all.reduce((count, page) => count + page.loads.length, 0)} loads had 10% or more.`,
);
const failed = all.reduce((count, page) => count + page.loads.length - page.measured, 0);
if (failed > 0) console.log(`  ${failed} load(s) could not be measured (listed above).`);
const file = writeResults('window.json', { runs, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE_VIEWPORT, ...(before ? { before } : {}), [before ? 'after' : 'workTree']: after });
console.log(`  written: ${file}`);
if (failed > 0) process.exitCode = 1;
