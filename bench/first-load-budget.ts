/**
 * Hydrate less (issue 34, decision 028): what a phone downloads and runs on a first visit of `/`, `/shop/face` and a
 * product page, on the shop as its README starts it (frontend/readme-stack.ts: `node --import tsx scripts/run-stack.ts`
 * with the README's defaults; the work tree's on the README's ports, or BENCH_SHOP_URL's already running one), and with
 * BENCH_BASELINE_ROOT (another checkout, installed and built) that one too, on ports of its own. Both stacks run at
 * once (an idle stack costs nothing) and every round measures each page on both, in alternating order, so the drift of
 * a busy 2-core machine falls on both sides alike. For each page:
 * - first-load JavaScript as transferred (brotli, e2e/support/first-load.ts: a cold phone load until ready and quiet),
 *   against the 150 kB budget;
 * - the main thread after the first paint, read from a Chromium trace at 4× CPU (frontend/main-thread.ts, Lighthouse's
 *   own trace processing): blocking time, busy time, script time; medians of BENCH_TRACE_RUNS paired loads (default 9);
 * - Lighthouse mobile as ../shared/peers/compare.mjs runs it (frontend/lighthouse-run.ts: a fresh Chrome per run, the
 *   default mobile preset with simulated throttling, performance only), BENCH_LH_RUNS rounds (default 5; 0 skips it),
 *   interleaved as compare.mjs does (round 1 of every page and stack, then round 2…): score, LCP, TBT, main-thread
 *   work, script bytes transferred, CLS; failed runs counted, never run again; the load average printed at each run.
 * Prints medians (min–max) with ratios after/before; a missed budget prints FAIL (the exit code says only whether every
 * figure could be measured). Writes bench/results/first-load-budget.json. With BENCH_LANGUAGE=ar-MA the work tree's
 * pages are the Arabic ones (`/ar/shop/face`…), paired with the baseline's French pages (decision 036).
 *   BENCH_BASELINE_ROOT=/path/to/checkout npx -y pnpm@10.34.9 bench:first-load
 *   BENCH_SHOP_URL=http://localhost:3000 npx -y pnpm@10.34.9 bench:first-load
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { FIRST_LOAD_JS_BUDGET_BYTES, firstLoadScripts } from '../e2e/support/first-load';
import { waitForQuiet } from './cart-service/machine';
import { lighthouseRun, type LighthouseAttempt, type LighthouseFigures } from './frontend/lighthouse';
import { loadMainThread, type MainThreadLoad } from './frontend/main-thread';
import { onInterrupt } from './frontend/on-interrupt';
import { measuredStacks, type MeasuredStack } from './frontend/stack';
import { envNumber, kB, median, medianRange, ratioText, writeResults } from './frontend/util';
import { DEFAULT_LOCALE, isShopLocale, localizedPath } from '@shop/contracts/locales';

const traceRuns = Math.max(1, Math.round(envNumber('BENCH_TRACE_RUNS', 9)));
const lighthouseRuns = Math.round(envNumber('BENCH_LH_RUNS', 5));
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const language = process.env.BENCH_LANGUAGE ?? DEFAULT_LOCALE;
if (!isShopLocale(language)) throw new Error(`BENCH_LANGUAGE must be one of the shop's languages, not ${language}`);
const log = (line: string) => console.log(line);

const TRACE_FIGURES = ['blockingMs', 'busyMs', 'scriptMs', 'fcp'] as const;
type TraceFigure = (typeof TRACE_FIGURES)[number];
/** What compare.mjs reports of each run, and CLS (the issue's budget). */
const LIGHTHOUSE_FIGURES = [
  { figure: 'score', name: 'score', format: (value: number) => String(Math.round(value)) },
  { figure: 'lcpMs', name: 'LCP ms', format: (value: number) => String(Math.round(value)) },
  { figure: 'tbtMs', name: 'TBT ms', format: (value: number) => String(Math.round(value)) },
  { figure: 'mainThreadMs', name: 'main-thread ms', format: (value: number) => String(Math.round(value)) },
  { figure: 'scriptBytes', name: 'JS kB (sent)', format: (value: number) => (value / 1000).toFixed(1) },
  { figure: 'cls', name: 'CLS', format: (value: number) => value.toFixed(3) },
] as const satisfies ReadonlyArray<{ figure: keyof LighthouseFigures; name: string; format: (value: number) => string }>;

interface PageFigures {
  path: string;
  firstLoadJs: { bytes: number; files: number; scripts: Array<{ url: string; bytes: number }> };
  traces: MainThreadLoad[];
  lighthouse: LighthouseAttempt[];
}

interface Side extends MeasuredStack {
  pages: PageFigures[];
}

const scriptMs = (load: MainThreadLoad) => (load.byGroup.scriptEvaluation ?? 0) + (load.byGroup.scriptParseCompile ?? 0);
const figureOf = (load: MainThreadLoad, figure: TraceFigure) => (figure === 'scriptMs' ? scriptMs(load) : load[figure]);
const measuredRuns = (page: PageFigures) => page.lighthouse.filter((run): run is LighthouseAttempt & { ok: true } => run.ok);

// chrome-launcher's Chrome is detached from the bench's process group: an interrupted run must kill it itself.
let killLiveChrome: (() => void) | null = null;
onInterrupt(() => killLiveChrome?.());

const sides: Side[] = [];
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const measured of await measuredStacks(baselineRoot, log)) sides.push({ ...measured, pages: [] });
  const products = (await (await fetch(`${sides[0]!.stack.url}/api/products?limit=1`)).json()) as { products: { slug: string }[] };
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
  for (let round = 1; round <= lighthouseRuns; round++) {
    await waitForQuiet(60, log);
    for (const [index, path] of paths.entries()) {
      for (const side of inTurn(round)) {
        const run = await lighthouseRun(url(side, path), (kill) => (killLiveChrome = kill));
        side.pages[index]!.lighthouse.push(run);
        log(
          `  Lighthouse ${round}/${lighthouseRuns} ${side.label.padEnd(6)} ${path.padEnd(44)} ` +
            (run.ok
              ? `score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, main thread ${Math.round(run.mainThreadMs)} ms, JS ${kB(run.scriptBytes)}`
              : `FAILED ${run.error}`) +
            `  (load ${run.load.join(' ')})`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(sides.map((side) => side.stack.close()));
}

const before = sides.find((side) => side.label === 'before');
const after = sides.find((side) => side.label === 'after')!;
const medianOf = <T>(items: T[], pick: (item: T) => number) => (items.length > 0 ? median(items.map(pick)) : Number.NaN);
const check = (ok: boolean) => (ok ? 'ok' : 'FAIL');
/** `before → after (×ratio)` of one figure: medians (min–max), the ratio of the medians. */
const compared = (a: number[], b: number[] | undefined, format?: (value: number) => string) =>
  `${b ? `${medianRange(b, format)} → ` : ''}${medianRange(a, format)}${b ? ` (${ratioText(median(a), median(b))})` : ''}`;
const summary = (page: PageFigures) => ({
  trace: Object.fromEntries(TRACE_FIGURES.map((figure) => [figure, medianOf(page.traces, (load) => figureOf(load, figure))])) as Record<TraceFigure, number>,
  byGroup: Object.fromEntries(
    [...new Set(page.traces.flatMap((load) => Object.keys(load.byGroup)))].map((group) => [group, medianOf(page.traces, (load) => load.byGroup[group] ?? 0)]),
  ),
  lighthouse: Object.fromEntries(LIGHTHOUSE_FIGURES.map(({ figure }) => [figure, medianOf(measuredRuns(page), (run) => run[figure])])) as Record<(typeof LIGHTHOUSE_FIGURES)[number]['figure'], number>,
  lighthouseFailed: page.lighthouse.filter((run) => !run.ok).length,
});

log(`\n== first load, main thread and Lighthouse: medians (min–max)${before ? `, before ${before.commit} → after ${after.commit} (×after/before), paired rounds` : ''}`);
for (const side of sides) log(`  ${side.label}: ${side.root} @ ${side.commit}; ${side.stack.how}`);
const results: Record<string, unknown>[] = [];
for (const page of after.pages) {
  const base = before?.pages.find((candidate) => candidate.path === page.path);
  const a = summary(page);
  const b = base ? summary(base) : undefined;
  results.push({ path: page.path, language, after: { ...a, firstLoadJs: page.firstLoadJs.bytes }, before: b ? { ...b, firstLoadJs: base!.firstLoadJs.bytes } : null });
  log(`\n${localizedPath(language, page.path)}${base ? ` (before: ${page.path})` : ''}`);
  log(
    `  first-load JS (brotli, as sent)   ${base ? `${kB(base.firstLoadJs.bytes)} → ` : ''}${kB(page.firstLoadJs.bytes)}${base ? ` (${ratioText(page.firstLoadJs.bytes, base.firstLoadJs.bytes)})` : ''}` +
      `   budget ≤ ${kB(FIRST_LOAD_JS_BUDGET_BYTES, 0)}: ${check(page.firstLoadJs.bytes <= FIRST_LOAD_JS_BUDGET_BYTES)}`,
  );
  const traceValues = (p: PageFigures | undefined, figure: TraceFigure) => p?.traces.map((load) => figureOf(load, figure));
  log(`  trace at 4× CPU, ${traceRuns} loads each:`);
  for (const [figure, name] of [['blockingMs', 'blocking ms'], ['busyMs', 'busy ms'], ['scriptMs', 'script ms'], ['fcp', 'FCP ms']] as const) {
    log(`    ${name.padEnd(16)} ${compared(traceValues(page, figure)!, traceValues(base, figure))}`);
  }
  log(`    by group (medians): ${Object.entries(a.byGroup).sort((x, y) => y[1] - x[1]).map(([group, ms]) => `${group} ${b ? `${Math.round(b.byGroup[group] ?? 0)} → ` : ''}${Math.round(ms)}`).join(', ')} ms`);
  if (page.lighthouse.length > 0) {
    const runsOf = (p: PageFigures | undefined) => (p ? `${measuredRuns(p).length}/${p.lighthouse.length}` : '');
    log(`  Lighthouse mobile, a fresh Chrome per run; measured/runs: ${base ? `${runsOf(base)} → ` : ''}${runsOf(page)}`);
    for (const { figure, name, format } of LIGHTHOUSE_FIGURES) {
      const values = (p: PageFigures | undefined) => (p ? measuredRuns(p).map((run) => run[figure]) : undefined);
      const budget =
        figure === 'score' ? `   budget ≥ 95: ${check(a.lighthouse.score >= 95)}` : figure === 'tbtMs' && page.path === '/' ? `   budget ≤ 200: ${check(a.lighthouse.tbtMs <= 200)}` : '';
      log(`    ${name.padEnd(16)} ${compared(values(page)!, values(base), format)}${budget}`);
    }
    for (const side of sides) {
      const p = side.pages.find((candidate) => candidate.path === page.path);
      for (const run of p?.lighthouse ?? []) if (!run.ok) log(`    ${side.label} run failed: ${run.error}`);
    }
  }
}
// A page with Lighthouse runs and not one measured has no figure: that is the bench's failure, not the shop's.
const unmeasured = sides.flatMap((side) => side.pages.filter((p) => p.lighthouse.length > 0 && measuredRuns(p).length === 0).map((p) => `${side.label} ${p.path}`));
if (unmeasured.length > 0) {
  log(`\nLighthouse measured nothing on: ${unmeasured.join(', ')}`);
  process.exitCode = 1;
}
const raw = sides.map(({ label, root, commit, stack, pages }) => ({ label, root, commit, stack: stack.how, pages }));
log(`\nwrote ${writeResults('first-load-budget.json', { traceRuns, lighthouseRuns, results, sides: raw })}`);
