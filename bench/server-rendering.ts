/**
 * Server rendering (issue 16, decision 017): the same stack twice, first with the shell sending the page for the
 * browser to render (SERVER_RENDERING=off, the baseline), then rendering it on the server; for each, Lighthouse
 * mobile on `/`, `/shop/face` and a product page, and autocannon on `/shop/face` at 20 connections. Prints figures
 * with ratios against the baseline of the same run and the budgets; not a test (a missed budget prints FAIL).
 *   npx -y pnpm@10.34.9 bench:ssr      (BENCH_LH_RUNS, default 3; BENCH_DURATION seconds, default 10)
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { runLighthouse, type LighthousePage } from './frontend/lighthouse';
import { startBenchStack } from './frontend/stack';
import { envNumber, repoRoot } from './frontend/util';

const runs = envNumber('BENCH_LH_RUNS', 3);
const duration = envNumber('BENCH_DURATION', 10);
const resultsDir = join(repoRoot, 'bench/results/server-rendering');
const log = (line: string) => console.log(line);

interface ModeFigures {
  lighthouse: LighthousePage[];
  rps: number;
  p50: number;
  p99: number;
  htmlBytes: number;
}

async function measure(mode: 'off' | 'on'): Promise<ModeFigures> {
  process.env.SERVER_RENDERING = mode;
  const stack = await startBenchStack();
  try {
    const products = (await (await fetch(`${stack.url}/api/products`)).json()) as { products: { slug: string }[] };
    const paths = ['/', '/shop/face', `/shop/product/${products.products[0]!.slug}`];
    // The first page waits for the first renderer; then every page is a steady-state one.
    const html = await (await fetch(`${stack.url}/shop/face`)).text();
    const load = await autocannon({ url: `${stack.url}/shop/face`, connections: 20, duration, headers: { accept: 'text/html' } });
    await mkdir(join(resultsDir, mode), { recursive: true });
    const lighthouse = runs > 0 ? await runLighthouse(stack.url, paths, runs, join(resultsDir, mode), log, () => undefined) : [];
    return { lighthouse, rps: load.requests.average, p50: load.latency.p50, p99: load.latency.p99, htmlBytes: Buffer.byteLength(html) };
  } finally {
    await stack.close();
  }
}

await mkdir(resultsDir, { recursive: true });
const before = await measure('off');
const after = await measure('on');
const ratio = (a: number, b: number) => (b === 0 ? '—' : `×${(a / b).toFixed(2)}`);
const check = (ok: boolean) => (ok ? 'ok' : 'FAIL');

console.log('\n/shop/face at 20 connections (autocannon)  browser-rendered → server-rendered');
console.log(`  requests/s  ${before.rps.toFixed(0)} → ${after.rps.toFixed(0)} (${ratio(after.rps, before.rps)})`);
console.log(`  p50 ms      ${before.p50} → ${after.p50}`);
console.log(`  p99 ms      ${before.p99} → ${after.p99}   budget ≤ 100: ${check(after.p99 <= 100)}`);
console.log(`  HTML bytes  ${before.htmlBytes} → ${after.htmlBytes}`);
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
