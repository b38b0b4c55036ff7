/**
 * `npx -y pnpm@10.34.9 bench`: what shoppers feel, measured on the production build, printed against the budgets of
 * issue 9, and written to bench/results/frontend.json. Not a test: a missed budget prints FAIL and the exit code stays
 * 0; only a figure that could not be measured makes it non-zero. See bench/README.md.
 *
 * Environment: BENCH_SKIP_BUILD=1 (no cold builds; builds only a missing output), BENCH_LH_RUNS (3),
 * BENCH_LOAD_RUNS (3, unthrottled loads per page), BENCH_THROTTLED_RUNS (3, throttled loads of / and /shop/face),
 * BENCH_SKIP_LIGHTHOUSE=1, BENCH_SKIP_CART_SERVICE=1, BENCH_PAGES=home,category,product,checkout (a subset, while
 * developing), CHROMIUM_PATH; the cart-service bench's own BENCH_DURATION,
 * BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_WARMUP pass through.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from '@playwright/test';
import { buildMissing, coldBuilds, type BuildResult, type ServedDirs } from './frontend/builds';
import { runCartServiceBench, type CartServiceFigures } from './frontend/cart-service';
import { computeDepths, deepestChainBy, type ChainLink } from './frontend/chain';
import { loadPage, MOBILE_THROTTLING, REMOTES, type LoadedRequest, type PageLoad } from './frontend/first-load';
import { describeItem, runLighthouse, type LighthousePage } from './frontend/lighthouse';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { chromiumLaunchOptions, chromiumPath } from '../e2e/support/chromium';
import { envFlag, envNumber, kB, median, repoRoot } from './frontend/util';

// ---- budgets (issue 9) ----
const BUDGET = {
  firstLoadJsGzipBytes: 130_000,
  lighthouseScore: 95,
  cls: 0.02,
  /** HTML, shell entry, remote configuration + manifests (parallel), remote chunks (parallel). */
  chainDepth: 4,
  getCartRatio: 0.5,
};
const FRONTEND_PACKAGES = ['shell', 'mf-frame', 'mf-cart', 'mf-catalog-pages'];

const resultsDir = join(repoRoot, 'bench/results');
const lhRuns = envNumber('BENCH_LH_RUNS', 3);
const loadRuns = Math.max(1, envNumber('BENCH_LOAD_RUNS', 3));
const throttledRuns = envNumber('BENCH_THROTTLED_RUNS', 3);
const asyncStacks = process.env.BENCH_ASYNC_STACKS !== '0';

const errors: string[] = [];
const budgetLines: Array<{ ok: boolean; what: string; value: string; budget: string }> = [];
const log = (line = '') => console.log(line);
const fail = (where: string, error: unknown) => {
  const message = `${where}: ${error instanceof Error ? error.message : String(error)}`;
  errors.push(message);
  log(`  COULD NOT MEASURE ${message}`);
};
/** An error already recorded in `errors` (or an interruption): stops the run without being reported twice. */
class Reported extends Error {}
/** After Ctrl-C, nothing new may start while the cleanup runs. */
const checkpoint = () => {
  if (stopping) throw new Reported();
};
const budget = (ok: boolean, what: string, value: string, limit: string) => budgetLines.push({ ok, what, value, budget: limit });

// ---- cleanup on every way out ----
let stack: BenchStack | undefined;
let browser: Browser | undefined;
let killLighthouseChrome: (() => void) | null = null;
let killCartBench: (() => void) | null = null;
let buildRoot: string | undefined;
async function cleanup(): Promise<void> {
  killLighthouseChrome?.();
  killCartBench?.();
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await stack?.close().catch(() => undefined);
  stack = undefined;
  if (buildRoot) await rm(buildRoot, { recursive: true, force: true }).catch(() => undefined);
  buildRoot = undefined;
}
// Playwright and chrome-launcher are told not to handle signals themselves (they would exit before the stack stops).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping the browsers, the stack and the cart-service bench`);
    void cleanup().finally(() => process.exit(130));
  });
}

const lighthouseVersion = (): string =>
  (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')) as { version: string }).version;

const failureShot = (path: string) => join(resultsDir, `failed-${path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}.png`);

// ---- formatting ----
const pad = (text: string, width: number) => (text.length >= width ? `${text} ` : text.padEnd(width));
const right = (text: string, width: number) => text.padStart(width);
const ms = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);
const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.port ? `:${u.port}` : ''}${u.pathname}${u.search}`;
  } catch {
    return url;
  }
};

interface PackageBytes {
  package: string;
  js: { gzip: number; wire: number; raw: number; files: number };
  css: { gzip: number; wire: number; raw: number; files: number };
  requests: number;
}

function bytesByPackage(requests: LoadedRequest[]): PackageBytes[] {
  const rows = new Map<string, PackageBytes>();
  for (const r of requests) {
    if (r.failed) continue;
    const row =
      rows.get(r.package) ??
      rows
        .set(r.package, {
          package: r.package,
          js: { gzip: 0, wire: 0, raw: 0, files: 0 },
          css: { gzip: 0, wire: 0, raw: 0, files: 0 },
          requests: 0,
        })
        .get(r.package)!;
    if (!r.fromCache) row.requests += 1;
    if ((r.kind === 'js' || r.kind === 'css') && !r.fromCache) {
      const bucket = row[r.kind];
      bucket.gzip += r.gzip;
      bucket.wire += r.transferBody;
      bucket.raw += r.decoded;
      bucket.files += 1;
    }
  }
  const order = [...FRONTEND_PACKAGES, 'cart-service (api)', 'cart-service (images)'];
  return [...rows.values()].sort((a, b) => {
    const ia = order.indexOf(a.package);
    const ib = order.indexOf(b.package);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.package.localeCompare(b.package);
  });
}

interface PageSummary {
  name: string;
  path: string;
  bytes: PackageBytes[];
  firstLoadJs: { gzip: number; wire: number; raw: number; files: number };
  firstLoadCss: { gzip: number; wire: number; raw: number; files: number };
  requests: { total: number; network: number; fromCache: number; failed: number; byKind: Record<string, number> };
  encodings: Record<string, number>;
  reactDom: { clientCopies: number; clientChunks: string[]; indexChunks: string[] };
  duplicateDownloads: Array<{ url: string; times: number }>;
  sameLibraryInSeveralChunks: Array<{ library: string; chunks: Array<{ url: string; package: string; gzip: number }> }>;
  jsChunks: Array<{ url: string; package: string; gzip: number; wire: number; raw: number; contains: string[]; depth?: number }>;
  timeline: {
    runs: number;
    remotesMs: Record<string, number>;
    allRemotesMs: number;
    firstProductMs: number | null;
    fcpMs: number | null;
    lcpMs: number | null;
    perRun: Array<{ allRemotesMs: number; firstProductMs: number | null }>;
  };
  chain: { depth: number; chain: ChainLink[]; depthsPerRun: number[]; codeOnlyDepth: number };
  throttled?: {
    runs: number;
    allRemotesMs: number;
    firstProductMs: number | null;
    lcpMs: number | null;
    chainDepth: number;
    chain: ChainLink[];
  };
  pageErrors: string[];
  requestLog: Array<Omit<LoadedRequest, 'text' | 'stackUrls'> & { initiatorStack: string[]; depth?: number }>;
}

function allRemotes(load: PageLoad): number {
  return Math.max(...REMOTES.map((name) => load.marks.remotes[name] ?? Number.NaN));
}

function checkValid(load: PageLoad, path: string): void {
  if (load.marks.fallback) throw new Error(`${path}: the shell showed its fallback for ${load.marks.fallback} (a remote failed): ${load.pageErrors.join(' | ')}`);
  for (const name of REMOTES) if (load.marks.remotes[name] === undefined) throw new Error(`${path}: ${name} never rendered`);
  if (load.marks.product === null) throw new Error(`${path}: no [data-product-id] element became visible`);
}

function summarisePage(name: string, path: string, loads: PageLoad[], throttledLoads: PageLoad[]): PageSummary {
  const first = loads[0]!;
  const requests = first.requests;
  const bytes = bytesByPackage(requests);
  const sum = (kind: 'js' | 'css') =>
    bytes
      .filter((b) => FRONTEND_PACKAGES.includes(b.package))
      .reduce((acc, b) => ({ gzip: acc.gzip + b[kind].gzip, wire: acc.wire + b[kind].wire, raw: acc.raw + b[kind].raw, files: acc.files + b[kind].files }), {
        gzip: 0,
        wire: 0,
        raw: 0,
        files: 0,
      });
  const network = requests.filter((r) => !r.fromCache);
  const byKind: Record<string, number> = {};
  for (const r of network) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  const encodings: Record<string, number> = {};
  for (const r of network) if (r.kind === 'js' || r.kind === 'css') encodings[r.contentEncoding ?? 'identity'] = (encodings[r.contentEncoding ?? 'identity'] ?? 0) + 1;
  const js = network.filter((r) => r.kind === 'js' && !r.failed);
  const urlsWith = (library: string) => [...new Set(js.filter((r) => r.contains.includes(library)).map((r) => r.url))];
  const counts = new Map<string, number>();
  for (const r of network) if (!r.failed) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
  const libraries = [...new Set(js.flatMap((r) => r.contains))];

  // A product element shows without its picture or font: images and fonts are links of a chain, never its end.
  const gatesRendering = (r: object) => !['image', 'font'].includes((r as LoadedRequest).kind);
  const chainRuns = loads.map((load) => deepestChainBy(load.requests, load.marks.product ?? Number.POSITIVE_INFINITY, gatesRendering));
  const median0 = (values: Array<number | null>) => {
    const present = values.filter((v): v is number => v !== null && !Number.isNaN(v));
    return present.length ? median(present) : null;
  };
  const throttledChain = throttledLoads[0]
    ? deepestChainBy(throttledLoads[0].requests, throttledLoads[0].marks.product ?? Number.POSITIVE_INFINITY, gatesRendering)
    : undefined;
  const allDepths = computeDepths(first.requests);
  const depthOf = new Map([...allDepths].map(([id, d]) => [id, d.depth]));
  // The chain's last link: the document, shell or remote files (scripts, styles, manifests), not API calls or images.
  const isCode = (r: object) => gatesRendering(r) && FRONTEND_PACKAGES.includes((r as LoadedRequest).package);
  const codeChain = deepestChainBy(first.requests, first.marks.product ?? Number.POSITIVE_INFINITY, isCode);

  return {
    name,
    path,
    bytes,
    firstLoadJs: sum('js'),
    firstLoadCss: sum('css'),
    requests: {
      total: requests.length,
      network: network.length,
      fromCache: requests.length - network.length,
      failed: requests.filter((r) => r.failed).length,
      byKind,
    },
    encodings,
    reactDom: { clientCopies: urlsWith('react-dom/client').length, clientChunks: urlsWith('react-dom/client'), indexChunks: urlsWith('react-dom') },
    duplicateDownloads: [...counts].filter(([, n]) => n > 1).map(([url, times]) => ({ url, times })),
    sameLibraryInSeveralChunks: libraries
      .map((library) => ({
        library,
        chunks: js.filter((r) => r.contains.includes(library)).map((r) => ({ url: r.url, package: r.package, gzip: r.gzip })),
      }))
      .filter((entry) => entry.chunks.length > 1),
    jsChunks: js
      .map((r) => ({ url: r.url, package: r.package, gzip: r.gzip, wire: r.transferBody, raw: r.decoded, contains: r.contains, depth: depthOf.get(r.id) }))
      .sort((a, b) => b.gzip - a.gzip),
    timeline: {
      runs: loads.length,
      remotesMs: Object.fromEntries(REMOTES.map((n) => [n, median(loads.map((l) => l.marks.remotes[n] ?? Number.NaN))])),
      allRemotesMs: median(loads.map(allRemotes)),
      firstProductMs: median0(loads.map((l) => l.marks.product)),
      fcpMs: median0(loads.map((l) => l.marks.fcp)),
      lcpMs: median0(loads.map((l) => l.marks.lcp)),
      perRun: loads.map((l) => ({ allRemotesMs: allRemotes(l), firstProductMs: l.marks.product })),
    },
    chain: { depth: chainRuns[0]!.depth, chain: chainRuns[0]!.chain, depthsPerRun: chainRuns.map((c) => c.depth), codeOnlyDepth: codeChain.depth },
    throttled:
      throttledLoads.length && throttledChain
        ? {
            runs: throttledLoads.length,
            allRemotesMs: median(throttledLoads.map(allRemotes)),
            firstProductMs: median0(throttledLoads.map((l) => l.marks.product)),
            lcpMs: median0(throttledLoads.map((l) => l.marks.lcp)),
            chainDepth: throttledChain.depth,
            chain: throttledChain.chain,
          }
        : undefined,
    pageErrors: first.pageErrors,
    requestLog: requests.map(({ text: _text, stackUrls, ...rest }) => ({ ...rest, depth: depthOf.get(rest.id), initiatorStack: [...new Set(stackUrls)] })),
  };
}

function printPage(p: PageSummary, chunkLimit: number): void {
  log(`\n${p.name}: ${p.path}`);
  log(`  ${pad('package', 24)}${right('JS gzip', 10)}${right('JS wire', 10)}${right('JS raw', 10)}${right('CSS gzip', 10)}${right('CSS wire', 10)}${right('CSS raw', 10)}${right('requests', 10)}`);
  for (const b of p.bytes) {
    log(
      `  ${pad(b.package, 24)}${right(kB(b.js.gzip), 10)}${right(kB(b.js.wire), 10)}${right(kB(b.js.raw), 10)}${right(kB(b.css.gzip), 10)}${right(kB(b.css.wire), 10)}${right(kB(b.css.raw), 10)}${right(String(b.requests), 10)}`,
    );
  }
  log(
    `  ${pad('shell + remotes', 24)}${right(kB(p.firstLoadJs.gzip), 10)}${right(kB(p.firstLoadJs.wire), 10)}${right(kB(p.firstLoadJs.raw), 10)}${right(kB(p.firstLoadCss.gzip), 10)}${right(kB(p.firstLoadCss.wire), 10)}${right(kB(p.firstLoadCss.raw), 10)}`,
  );
  log(
    `  requests: ${p.requests.network} over the network (${Object.entries(p.requests.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}), ${p.requests.fromCache} answered from the browser's cache (preloads used), ${p.requests.failed} failed; ` +
      `JS/CSS encodings: ${Object.entries(p.encodings)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
  );
  log(
    `  react-dom arrived ${p.reactDom.clientCopies}x (renderer, react-dom/client): ${p.reactDom.clientChunks.map(shortUrl).join(', ') || '—'}; ` +
      `react-dom package index in ${p.reactDom.indexChunks.length} chunk(s)`,
  );
  for (const entry of p.sameLibraryInSeveralChunks) {
    log(`  ${entry.library} in ${entry.chunks.length} chunks: ${entry.chunks.map((c) => `${shortUrl(c.url)} (${c.package}, ${kB(c.gzip)})`).join(', ')}`);
  }
  for (const d of p.duplicateDownloads) log(`  downloaded ${d.times}x: ${shortUrl(d.url)}`);
  log(`  JS chunks by gzip size${p.jsChunks.length > chunkLimit ? ` (largest ${chunkLimit} of ${p.jsChunks.length})` : ''}:`);
  for (const c of p.jsChunks.slice(0, chunkLimit)) {
    log(`    ${right(kB(c.gzip), 9)} gzip ${right(kB(c.raw), 9)} raw  depth ${c.depth ?? '?'}  ${pad(c.package, 17)}${pad(shortUrl(c.url), 62)}${c.contains.join(', ')}`);
  }
  const t = p.timeline;
  log(
    `  timeline (median of ${t.runs}, no throttling): ${REMOTES.map((n) => `${n} ${ms(t.remotesMs[n])}`).join(', ')}; all three ${ms(t.allRemotesMs)}; ` +
      `first product ${ms(t.firstProductMs)}; FCP ${ms(t.fcpMs)}; LCP ${ms(t.lcpMs)}`,
  );
  if (p.throttled) {
    log(
      `  timeline (median of ${p.throttled.runs}, slow 4G ${MOBILE_THROTTLING.latencyMs} ms/request + CPU ${MOBILE_THROTTLING.cpuSlowdown}x): ` +
        `all three remotes ${ms(p.throttled.allRemotesMs)}; first product ${ms(p.throttled.firstProductMs)}; LCP ${ms(p.throttled.lcpMs)}; chain depth ${p.throttled.chainDepth}`,
    );
  }
  log(
    `  longest request chain before the first product showed: depth ${p.chain.depth} (runs: ${p.chain.depthsPerRun.join(', ')}; ` +
      `ending on code or manifests only, without API calls: ${p.chain.codeOnlyDepth})`,
  );
  for (const link of p.chain.chain) {
    log(`    ${link.depth}. ${pad(link.resourceType, 11)}${pad(shortUrl(link.url), 64)}${ms(link.start)} → ${ms(link.end)}  ${link.depth > 1 ? `(${link.reason})` : ''}`);
  }
  if (p.pageErrors.length) log(`  page errors: ${p.pageErrors.join(' | ')}`);
}

// ---- the run ----
const started = performance.now();
const output: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cores: availableParallelism(),
  cpu: cpus()[0]?.model,
  chromium: chromiumPath,
  budgets: BUDGET,
  settings: { lhRuns, loadRuns, throttledRuns, asyncStacks, throttling: MOBILE_THROTTLING, skipBuild: envFlag('BENCH_SKIP_BUILD') },
};

let builds: BuildResult[] = [];
const pages: PageSummary[] = [];
let lighthouse: LighthousePage[] = [];
let cart: CartServiceFigures | undefined;

try {
  await mkdir(resultsDir, { recursive: true });
  // Pictures of a previous run's failed loads would mislead.
  for (const file of await readdir(resultsDir)) if (/^failed-.*\.png$/.test(file)) await rm(join(resultsDir, file), { force: true });

  // 5. Cold builds (first, so that the stack then serves exactly what was just built).
  let servedDirs: ServedDirs | undefined;
  if (envFlag('BENCH_SKIP_BUILD')) {
    log('== builds: BENCH_SKIP_BUILD=1, not timed; serving the work tree\'s dist/ folders (building only a missing one)');
    try {
      const missing = await buildMissing(log);
      for (const b of missing) if (!b.ok) fail(`build of ${b.name}`, b.error);
    } catch (error) {
      fail('builds', error);
    }
  } else {
    log('== cold builds (each package\'s build script into an empty folder, one after the other)');
    try {
      const cold = await coldBuilds(log);
      builds = cold.results;
      buildRoot = cold.root;
      for (const b of builds) if (!b.ok) fail(`build of ${b.name}`, b.error);
      if (builds.every((b) => b.ok)) servedDirs = cold.dirs;
      else throw new Reported();
    } catch (error) {
      if (!(error instanceof Reported)) fail('builds', error);
      throw new Reported();
    }
  }
  output.builds = envFlag('BENCH_SKIP_BUILD') ? { skipped: true } : builds;

  // The production stack on free ports.
  log('\n== production stack');
  stack = await startBenchStack(servedDirs);
  log(`  serving ${servedDirs ? `the builds above (${buildRoot})` : 'the work tree\'s dist/ folders'}`);
  log(`  shell ${stack.url}; ${Object.entries(stack.ports).map(([n, p]) => `${n} :${p}`).join(', ')}`);
  const productsAnswer = await fetch(`${stack.url}/api/products?limit=1`);
  if (!productsAnswer.ok) throw new Error(`GET /api/products answered ${productsAnswer.status}`);
  const { products } = (await productsAnswer.json()) as { products: Array<{ id: string; slug: string; name: string }> };
  const product = products[0];
  if (!product) throw new Error('GET /api/products returned no product');
  log(`  product for /shop/product and the checkout's cart: ${product.slug} (${product.id})`);
  const shopUrl = stack.url;

  // 1 + 3. First loads, timelines and request chains.
  log(`\n== first loads (Chromium, fresh context each load: cold cache, phone viewport 412x823)`);
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const pageDefs = [
    { key: 'home', name: 'home', path: '/', throttled: true },
    { key: 'category', name: 'category (face)', path: '/shop/face', throttled: true },
    { key: 'product', name: 'product', path: `/shop/product/${product.slug}`, throttled: false },
    { key: 'checkout', name: 'checkout (one product in the cart)', path: '/shop/checkout', throttled: false, withCart: true },
  ];
  const only = (process.env.BENCH_PAGES ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  for (const def of pageDefs) {
    if (only.length && !only.includes(def.key)) continue;
    checkpoint();
    try {
      const setup = def.withCart
        ? async (context: import('@playwright/test').BrowserContext) => {
            const answer = await context.request.post(`${shopUrl}/api/cart/add`, {
              data: { productId: product.id, quantity: 1 },
              headers: { Origin: shopUrl },
            });
            if (!answer.ok()) throw new Error(`POST /api/cart/add answered ${answer.status()}: ${await answer.text()}`);
          }
        : undefined;
      const loads: PageLoad[] = [];
      for (let i = 0; i < loadRuns; i += 1) {
        const load = await loadPage(browser, `${shopUrl}${def.path}`, { throttle: false, setup, packageOf: stack.packageOf, asyncStacks, screenshotOnFailure: failureShot(def.path) });
        checkValid(load, def.path);
        loads.push(load);
      }
      const throttledLoads: PageLoad[] = [];
      for (let i = 0; def.throttled && i < throttledRuns; i += 1) {
        const load = await loadPage(browser, `${shopUrl}${def.path}`, { throttle: true, setup, packageOf: stack.packageOf, asyncStacks, screenshotOnFailure: failureShot(def.path) });
        checkValid(load, def.path);
        throttledLoads.push(load);
      }
      const summary = summarisePage(def.name, def.path, loads, throttledLoads);
      pages.push(summary);
      printPage(summary, def.path === '/' ? 50 : 8);
    } catch (error) {
      checkpoint();
      fail(`first load of ${def.path}`, error);
    }
  }
  await browser.close();
  browser = undefined;

  // 2. Lighthouse.
  checkpoint();
  if (envFlag('BENCH_SKIP_LIGHTHOUSE') || lhRuns === 0) {
    log('\n== Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1 or BENCH_LH_RUNS=0)');
  } else {
    log(`\n== Lighthouse ${lighthouseVersion()}, mobile preset (simulated slow 4G, 4x CPU), ${lhRuns} run(s) per page`);
    try {
      lighthouse = await runLighthouse(stack.url, ['/', '/shop/face'], lhRuns, resultsDir, log, (kill) => (killLighthouseChrome = kill));
      for (const page of lighthouse) {
        log(`\n  ${page.path}: median score ${page.median.score}, LCP ${(page.median.lcpMs / 1000).toFixed(2)} s, TBT ${page.median.tbtMs.toFixed(0)} ms, CLS ${page.median.cls.toFixed(3)}, FCP ${(page.median.fcpMs / 1000).toFixed(2)} s, Speed Index ${(page.median.speedIndexMs / 1000).toFixed(2)} s`);
        log(`    opportunities (median-score run; full report ${page.reportFile.slice(repoRoot.length + 1)}):`);
        for (const o of page.opportunities.slice(0, 6)) {
          log(`      ${o.id}: ${o.displayValue ?? ''}${o.savingsMs ? ` (~${o.savingsMs.toFixed(0)} ms)` : ''}`);
          for (const item of o.items.slice(0, 3)) for (const line of describeItem(item)) log(`        ${line}`);
        }
        if (page.opportunities.length === 0) log('      none');
        log('    diagnostics:');
        for (const d of page.diagnostics) {
          log(`      ${d.id}: ${d.displayValue || (d.score === null ? '' : `score ${d.score}`)}`);
          for (const item of d.items.slice(0, 4)) for (const line of describeItem(item).slice(0, 6)) log(`        ${line}`);
        }
      }
    } catch (error) {
      checkpoint();
      fail('Lighthouse', error);
    }
  }

  await stack.close();
  stack = undefined;

  // 4. cart-service.
  checkpoint();
  if (envFlag('BENCH_SKIP_CART_SERVICE')) {
    log('\n== cart-service bench skipped (BENCH_SKIP_CART_SERVICE=1)');
  } else {
    log('\n== cart-service (bench/cart-service/run.ts)');
    try {
      cart = await runCartServiceBench(log, (kill) => (killCartBench = kill));
    } catch (error) {
      checkpoint();
      fail('cart-service bench', error);
    }
  }
} catch (error) {
  if (!(error instanceof Reported)) fail('bench', error);
} finally {
  await cleanup();
}

// ---- budgets ----
const home = pages.find((p) => p.path === '/');
if (home) budget(home.firstLoadJs.gzip <= BUDGET.firstLoadJsGzipBytes, 'first-load JS on / (shell + 3 remotes, gzip)', kB(home.firstLoadJs.gzip), `≤ ${kB(BUDGET.firstLoadJsGzipBytes, 0)}`);
for (const page of lighthouse) {
  budget(page.median.score >= BUDGET.lighthouseScore, `Lighthouse mobile performance ${page.path}`, String(page.median.score), `≥ ${BUDGET.lighthouseScore}`);
  budget(page.median.cls <= BUDGET.cls, `Lighthouse mobile CLS ${page.path}`, page.median.cls.toFixed(3), `≤ ${BUDGET.cls}`);
}
for (const page of pages) {
  budget(page.chain.depth <= BUDGET.chainDepth, `request chain depth before first product, ${page.path}`, String(page.chain.depth), `≤ ${BUDGET.chainDepth}`);
}
if (cart) budget(cart.getCartRatio >= BUDGET.getCartRatio, 'GET /api/cart (session) vs bare Koa, requests/s', `${(cart.getCartRatio * 100).toFixed(0)}%`, `≥ ${BUDGET.getCartRatio * 100}%`);

log('\n== summary');
if (home) {
  log(`  first-load JS on /: ${kB(home.firstLoadJs.gzip)} gzip (${kB(home.firstLoadJs.wire)} as sent, ${kB(home.firstLoadJs.raw)} raw) in ${home.firstLoadJs.files} files`);
}
for (const p of pages) {
  log(
    `  ${pad(p.path, 34)} JS ${right(kB(p.firstLoadJs.gzip), 9)} gzip, CSS ${right(kB(p.firstLoadCss.gzip), 8)} gzip, ${right(String(p.requests.network), 3)} requests, ` +
      `react-dom x${p.reactDom.clientCopies}, all remotes ${right(ms(p.timeline.allRemotesMs), 7)}, first product ${right(ms(p.timeline.firstProductMs), 7)}, chain ${p.chain.depth}` +
      (p.throttled ? `; throttled: remotes ${ms(p.throttled.allRemotesMs)}, product ${ms(p.throttled.firstProductMs)}` : ''),
  );
}
for (const page of lighthouse) {
  log(`  Lighthouse ${pad(page.path, 12)} score ${page.median.score} (runs ${page.runs.map((r) => r.score).join('/')}), LCP ${(page.median.lcpMs / 1000).toFixed(2)} s, TBT ${page.median.tbtMs.toFixed(0)} ms, CLS ${page.median.cls.toFixed(3)}`);
}
if (cart) {
  for (const row of cart.rows) log(`  ${pad(row.name, 34)} ${right(row.requestsPerSecond.toFixed(0), 7)} req/s, p99 ${row.p99Ms.toFixed(1)} ms, ${(row.ratioToBare * 100).toFixed(0)}% of bare`);
}
if (builds.length) log(`  cold builds: ${builds.map((b) => `${b.name} ${b.seconds === null ? '—' : `${b.seconds.toFixed(1)} s`}${b.ok ? '' : ' (failed)'}`).join(', ')}`);

log('\n== budgets (issue 9; printed, never enforced)');
for (const line of budgetLines) log(`  ${line.ok ? 'PASS' : 'FAIL'}  ${pad(line.what, 58)}${right(line.value, 10)}  ${line.budget}`);
if (errors.length) {
  log('\n== not measured');
  for (const e of errors) log(`  ${e.split('\n')[0]}`);
}
const seconds = (performance.now() - started) / 1000;
log(`\nbench took ${seconds.toFixed(0)} s`);

Object.assign(output, {
  seconds,
  pages,
  lighthouse,
  cartService: cart ?? null,
  budgetResults: budgetLines,
  errors,
});
const file = join(resultsDir, 'frontend.json');
if (stopping) {
  log(`interrupted: ${file.slice(repoRoot.length + 1)} left as it was`);
} else {
  await writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
  log(`wrote ${file.slice(repoRoot.length + 1)}`);
}
process.exit(stopping ? 130 : errors.length ? 1 : 0);
