/**
 * Hydrate less (issue 34, decision 028): what a phone downloads and runs on a first visit of `/`, `/shop/face` and a
 * product page, for two checkouts of the shop in one run: BENCH_BASELINE_ROOT (installed and built, e.g. main before
 * the change) first, then the work tree. For each page:
 * - first-load JavaScript as transferred (brotli, e2e/support/first-load.ts: a cold phone load until ready and quiet),
 *   against the 150 kB budget;
 * - the main thread after the first paint, read from a Chromium trace at 4× CPU (frontend/main-thread.ts, Lighthouse's
 *   own trace processing): blocking time, busy time, script time; medians of BENCH_TRACE_RUNS loads (default 7), the
 *   pages taken in turn; steadier than Lighthouse's simulation on a busy 2-core machine;
 * - Lighthouse mobile, medians of BENCH_LH_RUNS runs (default 5; 0 skips it): score, TBT, LCP, CLS.
 * Prints the figures with ratios after/before; a missed budget prints FAIL (the exit code says only whether every
 * figure could be measured). Writes bench/results/first-load-budget.json.
 *   BENCH_BASELINE_ROOT=/path/to/checkout npx -y pnpm@10.34.9 bench:first-load
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { FIRST_LOAD_JS_BUDGET_BYTES, firstLoadScripts } from '../e2e/support/first-load';
import { waitForQuiet } from './cart-service/machine';
import { runLighthouse, type LighthousePage } from './frontend/lighthouse';
import { loadMainThread, type MainThreadLoad } from './frontend/main-thread';
import { startBenchStack } from './frontend/stack';
import { envNumber, kB, median, repoRoot, writeResults } from './frontend/util';

const traceRuns = Math.max(1, Math.round(envNumber('BENCH_TRACE_RUNS', 7)));
const lighthouseRuns = Math.round(envNumber('BENCH_LH_RUNS', 5));
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const log = (line: string) => console.log(line);
process.env.SERVER_RENDERING = 'on';

const TRACE_FIGURES = ['blockingMs', 'busyMs', 'scriptMs', 'fcp'] as const;
type TraceFigure = (typeof TRACE_FIGURES)[number];

interface PageFigures {
  path: string;
  firstLoadJs: { bytes: number; files: number; scripts: Array<{ url: string; bytes: number }> };
  trace: { loads: MainThreadLoad[]; median: Record<TraceFigure, number>; byGroup: Record<string, number> };
  lighthouse: LighthousePage | null;
}

interface RootFigures {
  root: string;
  commit: string;
  pages: PageFigures[];
}

const scriptMs = (load: MainThreadLoad) => (load.byGroup.scriptEvaluation ?? 0) + (load.byGroup.scriptParseCompile ?? 0);
const figureOf = (load: MainThreadLoad, figure: TraceFigure) => (figure === 'scriptMs' ? scriptMs(load) : load[figure]);

function commitOf(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', ['--no-optional-locks', '-C', root, ...args], { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function measureRoot(root: string, label: string): Promise<RootFigures> {
  const commit = commitOf(root);
  log(`\n${label}: ${root} @ ${commit}, its built dist/ folders`);
  const stack = await startBenchStack(undefined, '1.0.0', { root });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const products = (await (await fetch(`${stack.url}/api/products`)).json()) as { products: { slug: string }[] };
    const paths = ['/', '/shop/face', `/shop/product/${products.products[0]!.slug}`];
    // The servers' first answers (remote code, caches) are not a shopper's: one load of each page first.
    for (const path of paths) await loadMainThread(browser, `${stack.url}${path}`).catch(() => undefined);
    const pages: PageFigures[] = [];
    for (const path of paths) {
      const scripts = await firstLoadScripts(browser, `${stack.url}${path}`);
      const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
      pages.push({ path, firstLoadJs: { bytes, files: scripts.length, scripts }, trace: { loads: [], median: {} as PageFigures['trace']['median'], byGroup: {} }, lighthouse: null });
      log(`  ${path.padEnd(48)} first-load JS ${kB(bytes)} in ${scripts.length} files`);
    }
    for (let round = 1; round <= traceRuns; round++) {
      await waitForQuiet(60, log);
      for (const page of pages) {
        const load = await loadMainThread(browser, `${stack.url}${page.path}`);
        page.trace.loads.push(load);
        log(`  ${String(round).padStart(2)}/${traceRuns} ${page.path.padEnd(44)} blocking ${Math.round(load.blockingMs)} ms, busy ${Math.round(load.busyMs)} ms, script ${Math.round(scriptMs(load))} ms (FCP ${Math.round(load.fcp)} ms)`);
      }
    }
    for (const page of pages) {
      for (const figure of TRACE_FIGURES) page.trace.median[figure] = median(page.trace.loads.map((load) => figureOf(load, figure)));
      const groups = new Set(page.trace.loads.flatMap((load) => Object.keys(load.byGroup)));
      for (const group of groups) page.trace.byGroup[group] = median(page.trace.loads.map((load) => load.byGroup[group] ?? 0));
    }
    if (lighthouseRuns > 0) {
      const dir = join(repoRoot, 'bench/results/first-load-budget', label);
      await mkdir(dir, { recursive: true });
      const lighthouse = await runLighthouse(stack.url, paths, lighthouseRuns, dir, log, () => undefined);
      for (const page of pages) page.lighthouse = lighthouse.find((run) => run.path === page.path) ?? null;
    }
    return { root, commit, pages };
  } finally {
    await browser.close();
    await stack.close();
  }
}

const before = baselineRoot ? await measureRoot(baselineRoot, 'before') : null;
const after = await measureRoot(repoRoot, 'after');

const ratio = (a: number, b: number | undefined) => (b === undefined || b === 0 ? '' : ` (×${(a / b).toFixed(2)})`);
const was = (b: number | undefined, unit = '') => (b === undefined ? '' : `${Math.round(b)}${unit} → `);
const check = (ok: boolean) => (ok ? 'ok' : 'FAIL');
log(`\n== first load, main thread and Lighthouse${before ? `  (before ${before.commit} → after ${after.commit})` : ''}`);
for (const page of after.pages) {
  const base = before?.pages.find((candidate) => candidate.path === page.path);
  log(`\n${page.path}`);
  log(
    `  first-load JS (brotli, as sent)   ${base ? `${kB(base.firstLoadJs.bytes)} → ` : ''}${kB(page.firstLoadJs.bytes)}${ratio(page.firstLoadJs.bytes, base?.firstLoadJs.bytes)}` +
      `   budget ≤ ${kB(FIRST_LOAD_JS_BUDGET_BYTES, 0)}: ${check(page.firstLoadJs.bytes <= FIRST_LOAD_JS_BUDGET_BYTES)}`,
  );
  const m = page.trace.median;
  const b = base?.trace.median;
  log(`  trace at 4× CPU, medians of ${traceRuns}: blocking ${was(b?.blockingMs)}${Math.round(m.blockingMs)} ms${ratio(m.blockingMs, b?.blockingMs)}` +
    `, busy ${was(b?.busyMs)}${Math.round(m.busyMs)} ms${ratio(m.busyMs, b?.busyMs)}, script ${was(b?.scriptMs)}${Math.round(m.scriptMs)} ms${ratio(m.scriptMs, b?.scriptMs)}`);
  log(`    by group: ${Object.entries(page.trace.byGroup).sort((x, y) => y[1] - x[1]).map(([group, ms]) => `${group} ${base ? `${Math.round(base.trace.byGroup[group] ?? 0)} → ` : ''}${Math.round(ms)}`).join(', ')} ms`);
  const lh = page.lighthouse?.median;
  const lhBase = base?.lighthouse?.median;
  if (lh) {
    log(`  Lighthouse mobile, medians of ${lighthouseRuns}: score ${was(lhBase?.score)}${Math.round(lh.score)} ${check(lh.score >= 95)}` +
      `, TBT ${was(lhBase?.tbtMs, ' ms')}${Math.round(lh.tbtMs)} ms${page.path === '/' ? ` ${check(lh.tbtMs <= 200)}` : ''}` +
      `, LCP ${was(lhBase?.lcpMs, ' ms')}${Math.round(lh.lcpMs)} ms, CLS ${lh.cls.toFixed(3)}`);
  }
}
log(`\nwrote ${writeResults('first-load-budget.json', { traceRuns, lighthouseRuns, before, after })}`);
