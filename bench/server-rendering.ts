/**
 * Server rendering (issue 16, decisions 017 and 018): the same stack twice, first with the shell sending the page for
 * the browser to render (SERVER_RENDERING=off, the baseline), then rendering it on the server; for each, Lighthouse
 * mobile on `/`, `/shop/face` and a product page (performance and SEO), the first-load JS of `/` in Chromium, and autocannon at 20
 * connections on `/shop/face` (every shopper on one listing: requests in flight share a render) and on distinct URLs
 * (`/shop/face?r=N`: every request its own render). Prints figures with ratios against the baseline of the same run
 * and the budgets; not a test (a missed budget prints FAIL).
 *   npx -y pnpm@10.34.9 bench:ssr      (BENCH_LH_RUNS, default 3; BENCH_DURATION seconds, default 10)
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { untilInteractive } from '@shop/contracts/chromium';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { runLighthouse, type LighthousePage } from './frontend/lighthouse';
import { pageLoad, type PageLoad } from './frontend/page-load';
import { startBenchStack } from './frontend/stack';
import { envNumber, gzipSize, kB, repoRoot } from './frontend/util';

const runs = envNumber('BENCH_LH_RUNS', 3);
const duration = envNumber('BENCH_DURATION', 10);
const resultsDir = join(repoRoot, 'bench/results/server-rendering');
const log = (line: string) => console.log(line);

interface ModeFigures {
  lighthouse: LighthousePage[];
  samePage: PageLoad;
  distinctPages: PageLoad;
  htmlBytes: number;
  firstLoadJsGzip: number;
}

async function load(url: string, distinct: boolean): Promise<PageLoad> {
  const figures = await pageLoad(url, duration, distinct);
  if (figures.non2xx > 0 || figures.errors > 0) throw new Error(`${url}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors`);
  return figures;
}

/** The JS a first visit of the page loads (gzip, as the server sends it), once the page is interactive and quiet. */
async function firstLoadJs(url: string): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') sizes.push(response.body().then(gzipSize, () => 0));
    });
    await page.goto(url);
    // A server-rendered page runs its scripts from the shopper's first intent (decision 047).
    await untilInteractive(page);
    await page.waitForLoadState('networkidle');
    return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}

async function measure(mode: 'off' | 'on'): Promise<ModeFigures> {
  process.env.SERVER_RENDERING = mode;
  const stack = await startBenchStack();
  try {
    const products = (await (await fetch(`${stack.url}/api/products?limit=1`)).json()) as { products: { slug: string }[] };
    const paths = ['/', '/shop/face', `/shop/product/${products.products[0]!.slug}`];
    // The first page waits for the first renderer; then every page is a steady-state one.
    const html = await (await fetch(`${stack.url}/shop/face`)).text();
    const samePage = await load(`${stack.url}/shop/face`, false);
    const distinctPages = await load(`${stack.url}/shop/face`, true);
    const firstLoadJsGzip = await firstLoadJs(stack.url);
    await mkdir(join(resultsDir, mode), { recursive: true });
    const lighthouse = runs > 0 ? await runLighthouse(stack.url, paths, runs, join(resultsDir, mode), log, () => undefined) : [];
    return { lighthouse, samePage, distinctPages, htmlBytes: Buffer.byteLength(html), firstLoadJsGzip };
  } finally {
    await stack.close();
  }
}

await mkdir(resultsDir, { recursive: true });
const before = await measure('off');
const after = await measure('on');
const ratio = (a: number, b: number) => (b === 0 ? '—' : `×${(a / b).toFixed(2)}`);
const check = (ok: boolean) => (ok ? 'ok' : 'FAIL');

for (const [name, of] of [
  ['/shop/face at 20 connections (autocannon)', (f: ModeFigures) => f.samePage],
  ['/shop/face?r=N at 20 connections, every request its own render', (f: ModeFigures) => f.distinctPages],
] as const) {
  const [b, a] = [of(before), of(after)];
  console.log(`\n${name}  browser-rendered → server-rendered`);
  console.log(`  requests/s  ${b.rps.toFixed(0)} → ${a.rps.toFixed(0)} (${ratio(a.rps, b.rps)})`);
  console.log(`  p50 ms      ${b.p50} → ${a.p50}`);
  console.log(`  p99 ms      ${b.p99} → ${a.p99}   budget ≤ 100: ${check(a.p99 <= 100)}`);
}
console.log(`\nHTML of /shop/face  ${before.htmlBytes} → ${after.htmlBytes} bytes`);
console.log(
  `first-load JS on /  ${kB(before.firstLoadJsGzip)} → ${kB(after.firstLoadJsGzip)} gzip (${ratio(after.firstLoadJsGzip, before.firstLoadJsGzip)})` +
    `   budget ≤ 150 kB: ${check(after.firstLoadJsGzip <= 150_000)}`,
);
console.log('\nLighthouse mobile, medians  browser-rendered → server-rendered');
for (const page of after.lighthouse) {
  const base = before.lighthouse.find((p) => p.path === page.path)!.median;
  const m = page.median;
  console.log(
    `  ${page.path.padEnd(48)} LCP ${Math.round(base.lcpMs)} → ${Math.round(m.lcpMs)} ms (${ratio(m.lcpMs, base.lcpMs)}) ${check(m.lcpMs <= 1500)}` +
      `  score ${Math.round(base.score)} → ${Math.round(m.score)} ${check(m.score >= 95)}` +
      `  CLS ${base.cls.toFixed(3)} → ${m.cls.toFixed(3)} ${check(m.cls <= 0.02)}  TBT ${Math.round(base.tbtMs)} → ${Math.round(m.tbtMs)} ms`,
  );
}
console.log('\nLighthouse SEO category (issue 17), lowest of the runs  browser-rendered → server-rendered   budget = 100');
for (const page of after.lighthouse) {
  const base = before.lighthouse.find((p) => p.path === page.path)!.seo;
  console.log(`  ${page.path.padEnd(48)} SEO ${base.score} → ${page.seo.score} ${check(page.seo.score === 100)}`);
  for (const failure of page.seo.failures) console.log(`    failed: ${failure}`);
}
