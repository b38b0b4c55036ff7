/**
 * What the renderer's process boundary costs (decision 027): the same measurements on two checkouts in one run, a
 * baseline (BENCH_BASELINE_ROOT, e.g. one whose renderers are worker threads of the shell) and this work tree, each its
 * own production stack:
 *   - autocannon at 20 connections on /shop/face (requests in flight share a render) and on /shop/face?r=N (every
 *     request its own render): requests/s, p50, p99;
 *   - memory: the shell's server process and its renderer processes (VmRSS), after the loads;
 *   - 50 switches of remotes.json under load (20 connections on /shop/face for the whole burst, each switch waited for
 *     in the served HTML): requests/s before and during, non-2xx and errors, memory before, at its peak, and 5 s after.
 * Prints both with ratios after/before; not a test.
 *   BENCH_BASELINE_ROOT=/path/to/checkout npx -y pnpm@10.34.9 bench:renderer   (BENCH_DURATION seconds, default 10)
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { rssMb, shellProcesses } from './frontend/shell-processes';
import { pageLoad, type PageLoad } from './frontend/page-load';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { envNumber, repoRoot, writeResults } from './frontend/util';

const duration = envNumber('BENCH_DURATION', 10);
const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const SWITCHES = 50;
/** A second release of mf-frame for the switches: a copy of 1.0.0 under another name is another release to the shell. */
const OTHER = '1.0.0-bench-switch';

interface RootFigures {
  samePage: PageLoad;
  distinctPages: PageLoad;
  memory: { shellMb: number; renderersMb: number[] };
  burst: { before: PageLoad; during: PageLoad; switchMs: number; rssMb: { before: number; peak: number; after: number } };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function totalRssMb(root: string): number {
  const { server, renderers } = shellProcesses(root);
  return [server, ...renderers].reduce((sum, p) => sum + rssMb(p.pid), 0);
}

async function frameRelease(stack: BenchStack): Promise<string | undefined> {
  const html = await (await fetch(`${stack.url}/shop/face`, { headers: { accept: 'text/html' } })).text();
  return /"name":"mf_frame","entry":"[^"]*\/([^/"]+)\/mf-manifest\.json"/.exec(html)?.[1];
}

async function burst(root: string, stack: BenchStack): Promise<RootFigures['burst']> {
  const before = await pageLoad(`${stack.url}/shop/face`, duration);
  const rssBefore = totalRssMb(root);
  let peak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        peak = Math.max(peak, totalRssMb(root));
      } catch {
        // the shell's server between two states of the process tree: the next sample
      }
      await sleep(200);
    }
  })();
  const config = JSON.parse(await readFile(stack.remotesFile, 'utf8')) as { remotes: Array<{ name: string; entry: string }> };
  const withFrame = (version: string) => ({ remotes: config.remotes.map((r) => (r.name === 'mf_frame' ? { ...r, entry: r.entry.replace(/\/[^/]+\/mf-manifest\.json$/, `/${version}/mf-manifest.json`) } : r)) });
  let switching = true;
  const started = Date.now();
  const switches = (async () => {
    for (let i = 1; i <= SWITCHES; i++) {
      const version = i % 2 === 1 ? OTHER : '1.0.0';
      await writeFile(stack.remotesFile, JSON.stringify(withFrame(version), null, 2));
      const deadline = Date.now() + 20_000;
      while ((await frameRelease(stack)) !== version) {
        if (Date.now() > deadline) throw new Error(`switch ${i} to ${version} not served within 20 s`);
        await sleep(20);
      }
    }
    switching = false;
  })();
  // Load for as long as the switches take, in slices, so requests/s is that of the burst.
  const slices: PageLoad[] = [];
  while (switching) slices.push(await pageLoad(`${stack.url}/shop/face`, 2));
  await switches;
  const switchMs = (Date.now() - started) / SWITCHES;
  await sleep(5000);
  sampling = false;
  await sampler;
  const after = totalRssMb(root);
  const sum = (f: (l: PageLoad) => number) => slices.reduce((a, l) => a + f(l), 0);
  const during: PageLoad = {
    rps: sum((l) => l.rps) / slices.length,
    p50: Math.max(...slices.map((l) => l.p50)),
    p99: Math.max(...slices.map((l) => l.p99)),
    non2xx: sum((l) => l.non2xx),
    errors: sum((l) => l.errors),
  };
  return { before, during, switchMs, rssMb: { before: rssBefore, peak, after } };
}

async function measureRoot(root: string, label: string): Promise<RootFigures> {
  console.log(`\n${label}: ${root}`);
  const frameDist = join(root, 'mf-frame', 'dist');
  await rm(join(frameDist, OTHER), { recursive: true, force: true });
  await cp(join(frameDist, '1.0.0'), join(frameDist, OTHER), { recursive: true });
  const stack = await startBenchStack(undefined, '1.0.0', { root });
  try {
    for (let i = 0; i < 20; i++) await (await fetch(`${stack.url}/shop/face`, { headers: { accept: 'text/html' } })).text();
    const samePage = await pageLoad(`${stack.url}/shop/face`, duration);
    console.log(`  /shop/face           ${samePage.rps.toFixed(0)} req/s, p50 ${samePage.p50} ms, p99 ${samePage.p99} ms`);
    const distinctPages = await pageLoad(`${stack.url}/shop/face`, duration, true);
    console.log(`  /shop/face?r=N       ${distinctPages.rps.toFixed(0)} req/s, p50 ${distinctPages.p50} ms, p99 ${distinctPages.p99} ms`);
    const { server, renderers } = shellProcesses(root);
    const memory = { shellMb: rssMb(server.pid), renderersMb: renderers.map((p) => rssMb(p.pid)) };
    console.log(`  memory               shell ${memory.shellMb.toFixed(0)} MB, renderer processes ${memory.renderersMb.map((m) => `${m.toFixed(0)} MB`).join(', ') || 'none (threads of the shell)'}`);
    const figures = await burst(root, stack);
    console.log(
      `  ${SWITCHES} switches        ${figures.before.rps.toFixed(0)} → ${figures.during.rps.toFixed(0)} req/s during, ${figures.during.non2xx} non-2xx, ${figures.during.errors} errors, ` +
        `${figures.switchMs.toFixed(0)} ms per switch; RSS ${figures.rssMb.before.toFixed(0)} → peak ${figures.rssMb.peak.toFixed(0)} → ${figures.rssMb.after.toFixed(0)} MB`,
    );
    return { samePage, distinctPages, memory, burst: figures };
  } finally {
    await stack.close();
    await rm(join(frameDist, OTHER), { recursive: true, force: true });
  }
}

const before = baselineRoot ? await measureRoot(baselineRoot, 'before (BENCH_BASELINE_ROOT)') : undefined;
const after = await measureRoot(repoRoot, before ? 'after (work tree)' : 'work tree');
if (before) {
  const ratio = (a: number, b: number) => (b === 0 ? '—' : `×${(a / b).toFixed(2)}`);
  const row = (name: string, b: number, a: number, unit: string) => console.log(`  ${name.padEnd(36)} ${b.toFixed(0).padStart(6)} → ${a.toFixed(0).padStart(6)} ${unit.padEnd(6)} ${ratio(a, b)}`);
  console.log('\nbefore → after');
  row('/shop/face req/s', before.samePage.rps, after.samePage.rps, 'req/s');
  row('/shop/face p50', before.samePage.p50, after.samePage.p50, 'ms');
  row('/shop/face p99', before.samePage.p99, after.samePage.p99, 'ms');
  row('/shop/face?r=N req/s', before.distinctPages.rps, after.distinctPages.rps, 'req/s');
  row('/shop/face?r=N p99', before.distinctPages.p99, after.distinctPages.p99, 'ms');
  row('memory: shell + renderers', before.memory.shellMb + before.memory.renderersMb.reduce((a, b) => a + b, 0), after.memory.shellMb + after.memory.renderersMb.reduce((a, b) => a + b, 0), 'MB');
  row('burst: req/s during', before.burst.during.rps, after.burst.during.rps, 'req/s');
  row('burst: ms per switch', before.burst.switchMs, after.burst.switchMs, 'ms');
  row('burst: RSS peak', before.burst.rssMb.peak, after.burst.rssMb.peak, 'MB');
  row('burst: RSS after', before.burst.rssMb.after, after.burst.rssMb.after, 'MB');
  console.log(`  p99 of /shop/face within 1.5× of before: ${after.samePage.p99 <= before.samePage.p99 * 1.5 ? 'ok' : 'FAIL'}`);
}
console.log(`  written: ${writeResults('renderer-boundary.json', { duration, switches: SWITCHES, ...(before ? { before } : {}), after })}`);
