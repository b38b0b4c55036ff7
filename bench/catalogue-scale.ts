/**
 * The catalogue at scale (issue 60, decision 041): the shop as the README starts it (`pnpm serve`, built first), on
 * catalogues of 31 (the shipped one), 1,000, 10,000 and 100,000 products (catalogue/generate-catalogue.ts: the shipped
 * products, then generated ones in French and Arabic, four categories, promotions, out-of-stock products), each imported
 * by `pnpm catalogue import` into a fresh database, on PGlite (the embedded default) and on a PostgreSQL server this
 * script starts on a free loopback port. For each it reports:
 *   - the import's time (the command, start to exit: read, check, write) and the database's size;
 *   - HTML bytes and server time (median of BENCH_PAGE_RUNS) of /shop/face, /shop/all, /, a product page, a search
 *     (/shop/all?q=creme) and page 3 of /load-more (following its « Voir plus » links), and whether any listing was
 *     left to the browser (« Chargement des produits… » in the HTML);
 *   - the listing API (a rotation of categories, sorts and filters) and search (a rotation of what shoppers type:
 *     French, Arabic, prefixes, misspellings) p50/p99 at 20 connections, through the shell as a browser asks;
 *   - cart-service's resident memory after the loads.
 * Every figure has its ratio to the 31-product catalogue of the same backing in the same run. Budgets (issue 60): at
 * 100,000 products every page's HTML within 1.25x of 31; no listing left to the browser; listing p99 <= 50 ms; search
 * p99 <= 80 ms; import of 100,000 <= 60 s. A missed budget prints NOT MET; not a test.
 *   npx -y pnpm@10.34.9 bench:catalogue-scale
 * Options: BENCH_SIZES (31,1000,10000,100000), BENCH_BACKINGS (pglite,postgres), BENCH_DURATION (seconds per load, 10),
 * BENCH_PAGE_RUNS (5). Needs the README's ports free. Writes bench/results/catalogue-scale.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { postgresBinDir, startPostgresServer, type PostgresServer } from '../cart-service/src/test-support/postgres-server';
import { descendants } from '../e2e/support/process-tree';
import { generateCatalogue } from './catalogue/generate-catalogue';
import { startReadmeStack } from './frontend/readme-stack';
import { envNumber, kB, median, printTable, ratioText, repoRoot, writeResults } from './frontend/util';

const sizes = (process.env.BENCH_SIZES ?? '31,1000,10000,100000').split(',').map(Number);
const backings = (process.env.BENCH_BACKINGS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const duration = envNumber('BENCH_DURATION', 10);
const pageRuns = envNumber('BENCH_PAGE_RUNS', 5);
const log = (line: string) => console.log(line);
const LOADING = 'Chargement des produits';

/** What shoppers type: words, prefixes as they type them, Arabic, misspellings. */
const SEARCHES = [
  'creme', 'crème hydratante', 'cre', 'crem', 'argan', 'arg', 'huile', 'huile seche', 'savon noir', 'rhassoul', 'rose', 'eau de rose', 'serum',
  'masque', 'shampooing', 'karite', 'nigelle', 'figue', 'musc', 'gommage', 'lait corps', 'coffret', 'pack', 'ambre', 'henne', 'miel',
  'اركان', 'الأركان', 'مرطب', 'زيت', 'صابون', 'ورد', 'شامبو', 'كريم', 'الغاسول', 'argn', 'rhasoul', 'shampoing', 'karitee', 'hydratnte',
];
const LISTINGS = [
  'category=face', 'category=body', 'category=hair', 'category=pack', '', 'category=face&sort=prix-croissant', 'category=body&sort=prix-decroissant',
  'sort=nouveautes', 'category=hair&sort=nom', 'category=face&promo=1', 'prix=100-200', 'category=body&dispo=1', 'category=face&prix=moins-100&sort=prix-croissant',
];

interface PageFigure { path: string; bytes: number; ms: number; leftToBrowser: boolean }
interface Load { p50: number; p99: number; rps: number; non2xx: number }
interface Run { backing: string; size: number; importMs: number; databaseBytes: number; pages: PageFigure[]; listing: Load; search: Load; cartServiceMB: number }

async function timedGet(url: string): Promise<{ body: string; ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' }, redirect: 'manual' });
  const body = await res.text();
  return { body, ms: performance.now() - started, status: res.status };
}

async function page(origin: string, path: string): Promise<PageFigure> {
  await timedGet(origin + path); // the first render of a path loads its code
  const runs = [];
  for (let i = 0; i < pageRuns; i += 1) runs.push(await timedGet(origin + path));
  const bad = runs.find((run) => run.status !== 200);
  if (bad) throw new Error(`${path} answered ${bad.status}`);
  const last = runs.at(-1)!;
  return { path, bytes: Buffer.byteLength(last.body), ms: median(runs.map((run) => run.ms)), leftToBrowser: last.body.includes(LOADING) };
}

/** The listing's next page (its path and query), as a shopper without JavaScript follows « Voir plus » from `path`. */
function nextLink(html: string, origin: string, path: string): string {
  const match = /<a[^>]*\bhref="([^"]*)"[^>]*\brel="next"/.exec(html) ?? /<a[^>]*\brel="next"[^>]*\bhref="([^"]*)"/.exec(html);
  if (!match) throw new Error(`no « Voir plus » link (rel=next) in ${path}`);
  const next = new URL(match[1]!.replace(/&amp;/g, '&'), origin + path);
  return next.pathname + next.search;
}

async function load(origin: string, paths: string[]): Promise<Load> {
  let n = 0;
  const result = await autocannon({
    url: origin,
    connections: 20,
    duration,
    requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: paths[n++ % paths.length]! }) }],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx };
}

function cartServiceMemoryMB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const server = descendants(pid).filter((p) => p.cwd?.endsWith('/cart-service') && p.argv[0]?.endsWith('node')).at(-1);
  if (!server) return NaN;
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

async function catalogueFile(size: number, dir: string): Promise<string> {
  if (size <= 31) return join(repoRoot, 'cart-service/src/catalogue/catalogue.json');
  const file = join(dir, `catalogue-${size}.json`);
  writeFileSync(file, JSON.stringify(generateCatalogue(size)));
  return file;
}

function importInto(file: string, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cart-service/src/cli/catalogue-cli.ts', 'import', file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`import failed (${code}): ${output.slice(0, 2000)}`))));
  });
}

async function measure(backing: 'pglite' | 'postgres', size: number, work: string, server: PostgresServer | undefined): Promise<Run> {
  const file = await catalogueFile(size, work);
  let settings: Record<string, string>;
  let databaseBytes: () => Promise<number>;
  if (backing === 'pglite') {
    const dataDir = join(work, `data-${size}`);
    settings = { CART_DATA_DIR: dataDir };
    databaseBytes = async () => Number(execFileSync('du', ['-sb', join(dataDir, 'database')]).toString().split('\t')[0]);
  } else {
    const name = `catalogue_${size}`;
    // psql, outside any transaction (CREATE DATABASE refuses one), as an operator would.
    const psql = (url: string, sql: string) => execFileSync(join(postgresBinDir(), 'psql'), [url, '-Atqc', sql]).toString().trim();
    psql(server!.url, `CREATE DATABASE ${name}`);
    settings = { DATABASE_URL: server!.urlFor(name) };
    databaseBytes = async () => Number(psql(server!.urlFor(name), 'SELECT pg_database_size(current_database())'));
  }
  log(`${backing}, ${size} products: importing ${file}`);
  const importMs = await importInto(file, settings);
  const stack = await startReadmeStack(repoRoot, { log, settings });
  try {
    const origin = stack.url;
    const newest = (await (await fetch(`${origin}/api/products?sort=nouveautes&limit=1`)).json()) as { products: Array<{ slug: string }> };
    const page2 = nextLink((await timedGet(`${origin}/load-more`)).body, origin, '/load-more');
    const page3 = nextLink((await timedGet(origin + page2)).body, origin, page2);
    const pages = [];
    for (const path of ['/shop/face', '/shop/all', '/', `/shop/product/${newest.products[0]!.slug}`, '/shop/all?q=creme', page3]) {
      pages.push(await page(origin, path));
    }
    const listing = await load(origin, LISTINGS.map((query) => `/api/products${query ? `?${query}` : ''}`));
    const search = await load(origin, SEARCHES.map((q) => `/api/products?q=${encodeURIComponent(q)}`));
    return { backing, size, importMs, databaseBytes: await databaseBytes(), pages, listing, search, cartServiceMB: cartServiceMemoryMB(stack.pid) };
  } finally {
    await stack.close();
  }
}

function report(runs: Run[]): void {
  for (const backing of backings) {
    const mine = runs.filter((run) => run.backing === backing);
    const base = mine.find((run) => run.size === Math.min(...mine.map((r) => r.size)));
    if (!base) continue;
    log(`\n${backing}: HTML bytes (server time) per page, ratio to ${base.size} products`);
    printTable(
      ['products', ...base.pages.map((p) => p.path.replace(/cursor=[^&]+/, 'cursor=…').slice(0, 28))],
      mine.map((run) => [
        String(run.size),
        ...run.pages.map((p, i) => `${kB(p.bytes)} ${ratioText(p.bytes, base.pages[i]!.bytes)} (${Math.round(p.ms)} ms)${p.leftToBrowser ? ' LEFT TO BROWSER' : ''}`),
      ]),
      1,
    );
    log(`\n${backing}: import, database, API at 20 connections, memory`);
    printTable(
      ['products', 'import', 'database', 'listing p50/p99', 'search p50/p99', 'cart-service RSS'],
      mine.map((run) => [
        String(run.size),
        `${(run.importMs / 1000).toFixed(1)} s`,
        `${(run.databaseBytes / 1e6).toFixed(1)} MB`,
        `${run.listing.p50}/${run.listing.p99} ms ${ratioText(run.listing.p99, base.listing.p99)}${run.listing.non2xx ? ` ${run.listing.non2xx} non-2xx` : ''}`,
        `${run.search.p50}/${run.search.p99} ms ${ratioText(run.search.p99, base.search.p99)}${run.search.non2xx ? ` ${run.search.non2xx} non-2xx` : ''}`,
        `${Math.round(run.cartServiceMB)} MB ${ratioText(run.cartServiceMB, base.cartServiceMB)}`,
      ]),
      1,
    );
    const largest = mine.find((run) => run.size === Math.max(...mine.map((r) => r.size)))!;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    log(`budgets at ${largest.size} (${backing}):`);
    log(`  every page within 1.25x of ${base.size}: ${verdict(largest.pages.every((p, i) => p.bytes <= 1.25 * base.pages[i]!.bytes))}`);
    log(`  no listing left to the browser: ${verdict(mine.every((run) => run.pages.every((p) => !p.leftToBrowser)))}`);
    log(`  listing p99 <= 50 ms: ${verdict(largest.listing.p99 <= 50)} (${largest.listing.p99} ms); search p99 <= 80 ms: ${verdict(largest.search.p99 <= 80)} (${largest.search.p99} ms)`);
    if (largest.size >= 100_000) log(`  import of ${largest.size} <= 60 s: ${verdict(largest.importMs <= 60_000)} (${(largest.importMs / 1000).toFixed(1)} s)`);
  }
}

const work = await mkdtemp(join(tmpdir(), 'catalogue-scale-'));
const runs: Run[] = [];
let server: PostgresServer | undefined;
try {
  for (const backing of backings) {
    if (backing === 'postgres') server = await startPostgresServer();
    for (const size of sizes) runs.push(await measure(backing, size, work, server));
    await server?.stop();
    server = undefined;
  }
  report(runs);
  log(`\nwritten: ${writeResults('catalogue-scale.json', { sizes, backings, duration, runs })}`);
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
