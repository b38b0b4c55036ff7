/**
 * What release previews cost the shell (decision 030), on one production stack: previews opened in turn, each one's
 * page rendered on the server in its own lane, then all ended. Prints the renderer processes alive after each preview
 * (at most PREVIEW_RENDERERS of them previews') and the shell server's resident memory with ratios against its level
 * before, measured in the same run. Memory is VmRSS sampled 10 times a second apart while live pages are served: its
 * floor (the lowest sample, right after a garbage collection: what the shell holds) and its median (which moves ±15 %
 * with when V8 collects):
 *   - `cold`: the stack just started and warmed with live pages;
 *   - `before`: after a first round of previews (the code of lanes loaded once), the level the measured round starts at;
 *   - `after`: once the measured round's previews have ended and their lanes have been swept.
 * Not a test.   npx -y pnpm@10.34.9 bench:previews   (BENCH_PREVIEWS, default 20; BENCH_PREVIEW_RENDERERS, default 2)
 */
import { execFile } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { PreviewCreated } from '@shop/contracts/previews';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { rssMb, shellProcesses } from './frontend/shell-processes';
import { envNumber, median, repoRoot, writeResults } from './frontend/util';

const PREVIEWS = envNumber('BENCH_PREVIEWS', 20);
const LANES = envNumber('BENCH_PREVIEW_RENDERERS', 2);
/** A second release of mf-cart: a copy of 1.0.0 under another name is another release to the shop. */
const CANDIDATE = '1.0.1-bench-preview';
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function teamToken(stack: BenchStack): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/cli/teams-cli.ts', 'add', 'bench-panier', 'mf_cart'], {
    cwd: join(repoRoot, 'release-control'),
    env: { ...process.env, REMOTES_CONFIG: stack.remotesFile, OPERATORS_FILE: join(dirname(stack.remotesFile), 'operators.json') },
  });
  return stdout.trim();
}

/** The shell's RSS, 10 samples a second apart while a shopper's page is served between them: floor and median. */
async function settledRss(stack: BenchStack): Promise<{ floor: number; median: number }> {
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    await fetch(`${stack.url}/shop/face`).then((r) => r.text());
    await sleep(1000);
    samples.push(rssMb(shellProcesses(repoRoot).server.pid));
  }
  return { floor: Math.min(...samples), median: median(samples) };
}

/** Opens `count` previews in turn (each link opened, two of its pages rendered), ends them, waits for their lanes to go. */
async function previewRound(stack: BenchStack, token: string, count: number): Promise<{ mostRenderers: number; rendered: number }> {
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.url}/operations/api${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const entry = `http://localhost:${stack.ports['mf-cart']}/${CANDIDATE}/mf-manifest.json`;
  const ids: string[] = [];
  let mostRenderers = 0;
  let rendered = 0;
  for (let i = 0; i < count; i++) {
    const answer = await api('POST', '/previews', { releases: [{ remote: 'mf_cart', entry }] });
    if (answer.status !== 201) throw new Error(`preview refused: ${answer.status} ${await answer.text()}`);
    const { preview, link } = (await answer.json()) as PreviewCreated;
    ids.push(preview.id);
    const cookie = (await fetch(link, { redirect: 'manual' })).headers.getSetCookie()[0]!.split(';')[0]!;
    for (const path of ['/about-us', '/shop/face']) {
      const page = await fetch(`${stack.url}${path}`, { headers: { Cookie: cookie } });
      await page.text();
      if (page.headers.get('preview-render') === 'server') rendered++;
    }
    mostRenderers = Math.max(mostRenderers, shellProcesses(repoRoot).renderers.length);
  }
  for (const id of ids) await api('DELETE', `/previews/${id}`);
  const deadline = Date.now() + 30_000;
  while (shellProcesses(repoRoot).renderers.length > 1 && Date.now() < deadline) await sleep(250);
  return { mostRenderers, rendered };
}

const cartDist = join(repoRoot, 'mf-cart', 'dist');
await cp(join(cartDist, '1.0.0'), join(cartDist, CANDIDATE), { recursive: true });
process.env.PREVIEW_RENDERERS = String(LANES);
const stack = await startBenchStack();
try {
  const token = await teamToken(stack);
  for (let i = 0; i < 10; i++) await fetch(`${stack.url}/shop/face`).then((r) => r.text());
  const cold = await settledRss(stack);
  await previewRound(stack, token, PREVIEWS);
  const before = await settledRss(stack);
  const round = await previewRound(stack, token, PREVIEWS);
  const after = await settledRss(stack);
  const renderersLeft = shellProcesses(repoRoot).renderers.length;
  const ratio = (value: number, base: number) => `×${(value / base).toFixed(3)}`;
  console.log(`previews opened in turn: ${PREVIEWS} (PREVIEW_RENDERERS=${LANES}); pages rendered on the server: ${round.rendered}/${PREVIEWS * 2}`);
  console.log(`renderer processes alive, most seen: ${round.mostRenderers} (1 live + at most ${LANES} previews'); after the previews ended: ${renderersLeft}`);
  for (const key of ['floor', 'median'] as const) {
    const [c, b, a] = [cold[key], before[key], after[key]];
    console.log(`shell RSS ${key}: cold ${c.toFixed(1)} MB; before ${b.toFixed(1)} MB; after ${a.toFixed(1)} MB (${ratio(a, b)} before, ${ratio(a, c)} cold)`);
  }
  const path = writeResults('preview-lanes.json', { previews: PREVIEWS, lanes: LANES, ...round, renderersLeft, rssMb: { cold, before, after } });
  console.log(`written to ${path}`);
} finally {
  await stack.close();
  await rm(join(cartDist, CANDIDATE), { recursive: true, force: true });
}
