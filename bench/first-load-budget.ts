/**
 * Hydrate less (issue 34, decision 028): what a phone downloads and runs on a first visit of `/`, `/shop/face` and a
 * product page, for two checkouts of the shop side by side: BENCH_BASELINE_ROOT (installed and built, e.g. main before
 * the change) and the work tree. Both stacks run at once (an idle stack costs nothing) and every round loads each page
 * on both, in alternating order, so the drift of a busy 2-core machine falls on both sides alike. For each page:
 * - first-load JavaScript as transferred (brotli, e2e/support/first-load.ts: a cold phone load until ready and quiet),
 *   against the 150 kB budget;
 * - the main thread after the first paint, read from a Chromium trace at 4× CPU (frontend/main-thread.ts, Lighthouse's
 *   own trace processing): blocking time, busy time, script time; medians of BENCH_TRACE_RUNS paired loads (default 9);
 * - Lighthouse mobile, medians of BENCH_LH_RUNS paired runs (default 5; 0 skips it): score, TBT, LCP, CLS.
 * Prints the figures with ratios after/before; a missed budget prints FAIL (the exit code says only whether every
 * figure could be measured). Writes bench/results/first-load-budget.json. With BENCH_LANGUAGE=ar-MA the work tree's
 * pages are the Arabic ones (`/ar/shop/face`…), paired with the baseline's French pages (decision 036).
 *   BENCH_BASELINE_ROOT=/path/to/checkout npx -y pnpm@10.34.9 bench:first-load
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { FIRST_LOAD_JS_BUDGET_BYTES, firstLoadScripts } from '../e2e/support/first-load';
import { waitForQuiet } from './cart-service/machine';
import { runLighthouse, type LighthouseRun } from './frontend/lighthouse';
import { loadMainThread, type MainThreadLoad } from './frontend/main-thread';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { commitOf, envNumber, kB, median, repoRoot, writeResults } from './frontend/util';
import { DEFAULT_LOCALE, isShopLocale, localizedPath } from '@shop/contracts/locales';

const traceRuns = Math.max(1, Math.round(envNumber('BENCH_TRACE_RUNS', 9)));
const lighthouseRuns = Math.round(envNumber('BENCH_LH_RUNS', 5));
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const language = process.env.BENCH_LANGUAGE ?? DEFAULT_LOCALE;
if (!isShopLocale(language)) throw new Error(`BENCH_LANGUAGE must be one of the shop's languages, not ${language}`);
const log = (line: string) => console.log(line);
process.env.SERVER_RENDERING = 'on';

const TRACE_FIGURES = ['blockingMs', 'busyMs', 'scriptMs', 'fcp'] as const;
type TraceFigure = (typeof TRACE_FIGURES)[number];
const LIGHTHOUSE_FIGURES = ['score', 'tbtMs', 'lcpMs', 'cls'] as const;

interface PageFigures {
  path: string;
  firstLoadJs: { bytes: number; files: number; scripts: Array<{ url: string; bytes: number }> };
  traces: MainThreadLoad[];
  lighthouse: LighthouseRun[];
}

interface Side {
  label: 'before' | 'after';
  root: string;
  commit: string;
  stack: BenchStack;
  pages: PageFigures[];
}

const scriptMs = (load: MainThreadLoad) => (load.byGroup.scriptEvaluation ?? 0) + (load.byGroup.scriptParseCompile ?? 0);
const figureOf = (load: MainThreadLoad, figure: TraceFigure) => (figure === 'scriptMs' ? scriptMs(load) : load[figure]);

const sides: Side[] = [];
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const [label, root] of [['before', baselineRoot], ['after', repoRoot]] as const) {
    if (!root) continue;
    const commit = commitOf(root);
    log(`${label}: ${root} @ ${commit}, its built dist/ folders`);
    sides.push({ label, root, commit, stack: await startBenchStack(undefined, '1.0.0', { root }), pages: [] });
  }
  const products = (await (await fetch(`${sides[0]!.stack.url}/api/products`)).json()) as { products: { slug: string }[] };
  const paths = ['/', '/shop/face', `/shop/product/${products.products[0]!.slug}`];
  /** A page's path on a side: the work tree's in BENCH_LANGUAGE, the baseline's as it was. */
  const pathOn = (side: Side, path: string) => (side.label === 'after' ? localizedPath(language, path) : path);
  const url = (side: Side, path: string) => `${side.stack.url}${pathOn(side, path)}`;
  for (const side of sides) {
    // The servers' first answers (remote code, caches) are not a shopper's: one load of each page first.
    for (const path of paths) await loadMainThread(browser, url(side, path)).catch(() => undefined);
    for (const path of paths) {
      const scripts = await firstLoadScripts(browser, url(side, path));
      const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
      side.pages.push({ path, firstLoadJs: { bytes, files: scripts.length, scripts }, traces: [], lighthouse: [] });
      log(`  ${side.label.padEnd(6)} ${pathOn(side, path).padEnd(48)} first-load JS ${kB(bytes)} in ${scripts.length} files`);
    }
  }
  /** The sides in this round's order: alternating, so neither always goes first. */
  const inTurn = (round: number) => (round % 2 === 0 ? [...sides].reverse() : sides);
  for (let round = 1; round <= traceRuns; round++) {
    await waitForQuiet(60, log);
    for (const [index, path] of paths.entries()) {
      for (const side of inTurn(round)) {
        const load = await loadMainThread(browser, url(side, path));
        side.pages[index]!.traces.push(load);
        log(`  ${String(round).padStart(2)}/${traceRuns} ${side.label.padEnd(6)} ${path.padEnd(44)} blocking ${Math.round(load.blockingMs)} ms, busy ${Math.round(load.busyMs)} ms, script ${Math.round(scriptMs(load))} ms (FCP ${Math.round(load.fcp)} ms)`);
      }
    }
  }
  for (let run = 1; run <= lighthouseRuns; run++) {
    for (const side of inTurn(run)) {
      const dir = join(repoRoot, 'bench/results/first-load-budget', side.label);
      await mkdir(dir, { recursive: true });
      const sidePaths = paths.map((path) => pathOn(side, path));
      const pages = await runLighthouse(side.stack.url, sidePaths, 1, dir, (line) => log(`  ${side.label.padEnd(6)}${line}`), () => undefined);
      for (const page of pages) side.pages[sidePaths.indexOf(page.path)]!.lighthouse.push(...page.runs);
    }
  }
} finally {
  await browser.close();
  for (const side of sides) await side.stack.close();
}

const before = sides.find((side) => side.label === 'before');
const after = sides.find((side) => side.label === 'after')!;
const medianOf = <T>(items: T[], pick: (item: T) => number) => (items.length > 0 ? median(items.map(pick)) : Number.NaN);
const ratio = (a: number, b: number | undefined) => (b === undefined || !Number.isFinite(b) || b === 0 ? '' : ` (×${(a / b).toFixed(2)})`);
const was = (b: number | undefined, digits = 0) => (b === undefined ? '' : `${b.toFixed(digits)} → `);
const check = (ok: boolean) => (ok ? 'ok' : 'FAIL');
const summary = (page: PageFigures) => ({
  trace: Object.fromEntries(TRACE_FIGURES.map((figure) => [figure, medianOf(page.traces, (load) => figureOf(load, figure))])) as Record<TraceFigure, number>,
  byGroup: Object.fromEntries(
    [...new Set(page.traces.flatMap((load) => Object.keys(load.byGroup)))].map((group) => [group, medianOf(page.traces, (load) => load.byGroup[group] ?? 0)]),
  ),
  lighthouse: Object.fromEntries(LIGHTHOUSE_FIGURES.map((figure) => [figure, medianOf(page.lighthouse, (run) => run[figure])])) as Record<(typeof LIGHTHOUSE_FIGURES)[number], number>,
});

log(`\n== first load, main thread and Lighthouse${before ? `  (before ${before.commit} → after ${after.commit}, paired rounds)` : ''}`);
const results: Record<string, unknown>[] = [];
for (const page of after.pages) {
  const base = before?.pages.find((candidate) => candidate.path === page.path);
  const a = summary(page);
  const b = base ? summary(base) : undefined;
  results.push({ path: page.path, language, after: { ...a, firstLoadJs: page.firstLoadJs.bytes }, before: b ? { ...b, firstLoadJs: base!.firstLoadJs.bytes } : null });
  log(`\n${localizedPath(language, page.path)}${base ? ` (before: ${page.path})` : ''}`);
  log(
    `  first-load JS (brotli, as sent)   ${base ? `${kB(base.firstLoadJs.bytes)} → ` : ''}${kB(page.firstLoadJs.bytes)}${ratio(page.firstLoadJs.bytes, base?.firstLoadJs.bytes)}` +
      `   budget ≤ ${kB(FIRST_LOAD_JS_BUDGET_BYTES, 0)}: ${check(page.firstLoadJs.bytes <= FIRST_LOAD_JS_BUDGET_BYTES)}`,
  );
  log(
    `  trace at 4× CPU, medians of ${traceRuns}: blocking ${was(b?.trace.blockingMs)}${Math.round(a.trace.blockingMs)} ms${ratio(a.trace.blockingMs, b?.trace.blockingMs)}` +
      `, busy ${was(b?.trace.busyMs)}${Math.round(a.trace.busyMs)} ms${ratio(a.trace.busyMs, b?.trace.busyMs)}` +
      `, script ${was(b?.trace.scriptMs)}${Math.round(a.trace.scriptMs)} ms${ratio(a.trace.scriptMs, b?.trace.scriptMs)}`,
  );
  log(`    by group: ${Object.entries(a.byGroup).sort((x, y) => y[1] - x[1]).map(([group, ms]) => `${group} ${b ? `${Math.round(b.byGroup[group] ?? 0)} → ` : ''}${Math.round(ms)}`).join(', ')} ms`);
  if (page.lighthouse.length > 0) {
    const l = a.lighthouse;
    log(
      `  Lighthouse mobile, medians of ${page.lighthouse.length}: score ${was(b?.lighthouse.score)}${l.score} ${check(l.score >= 95)}` +
        `, TBT ${was(b?.lighthouse.tbtMs)}${Math.round(l.tbtMs)} ms${page.path === '/' ? ` ${check(l.tbtMs <= 200)}` : ''}` +
        `, LCP ${was(b?.lighthouse.lcpMs)}${Math.round(l.lcpMs)} ms, CLS ${l.cls.toFixed(3)}`,
    );
  }
}
const raw = sides.map(({ label, root, commit, pages }) => ({ label, root, commit, pages }));
log(`\nwrote ${writeResults('first-load-budget.json', { traceRuns, lighthouseRuns, results, sides: raw })}`);
