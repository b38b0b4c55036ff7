/**
 * What a flood of wrong operator logins costs shoppers' pages, against what a flood of a small static file costs. Every
 * ratio is against the baseline measured in the same round. The page (`/shop/face`, brotli accepted as browsers do) is
 * loaded by 20 shoppers in two ways: returning (keep-alive connections, autocannon) and arriving (a new connection per
 * page, which waits in the same accept queue as a flood's connections); each way
 *   1. alone;
 *   2. while wrong logins arrive at BENCH_FLOOD_RATE a second (660: what an outside test sent), each from a loopback
 *      address of its own (127.x.y.z, bench/loopback-flood.ts), for a name of its own, on a new connection, with a
 *      browser's Accept-Encoding, as a botnet's guesses would;
 *   3. while `GET /robots.txt` arrives the same way at the same rate (what any request from outside costs).
 * Then each flood alone, with the server's CPU time per flooding request when the server's processes are known.
 * Each measure waits for a quiet machine first (BENCH_QUIET_WAIT seconds at most, 120), is taken again when other
 * processes took more than a tenth of the machine during it, and reports how busy they kept it. Medians over
 * BENCH_ROUNDS rounds (3), the order of the measures reversed every other round. The budget: the page's p99 under the
 * login flood within 2× its baseline. Prints tables; not a test (a missed budget prints FAIL, the exit code stays 0).
 *   npx -y pnpm@10.34.9 bench:login-flood   (BENCH_DURATION seconds per measure, default 8; BENCH_FLOOD_RATE, 660;
 *   BENCH_BASELINE_ROOT: another checkout, installed and built, measured in the same rounds, with ratios after/before)
 *
 * The target is a parameter (`measureLoginFlood`), so the same measures run against another front, such as a load
 * balancer in front of several shells.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuTicks, othersPercent, waitForQuiet } from './cart-service/machine';
import { flood, loopbackRequest, pageLoad, type FloodAnswers, type PageLoadFigures, type Shoppers } from './loopback-flood';
import { shellProcesses } from './frontend/shell-processes';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { envNumber, median, printTable, repoRoot } from './frontend/util';

/** Where to measure: a shopper's page, the operators' login form, a small static file; all on one origin. */
export interface FloodTarget {
  pageUrl: string;
  loginUrl: string;
  staticUrl: string;
}

export interface FloodOptions {
  /** Seconds per measure. */
  durationSeconds: number;
  /** Requests a second each flood sends. */
  floodRate: number;
  rounds: number;
  /** The CPU time (ms) the server's processes have used so far, when they are known: the cost per flooding request. */
  serverCpuMs?: () => number;
}

const SHOPPERS: readonly Shoppers[] = ['returning', 'arriving'];
const LOADS = ['alone', 'logins', 'static'] as const;
type Load = (typeof LOADS)[number];

/** One measure of the page: its figures, how busy other processes kept the machine, what the flood got (if any). */
export type PageFigures = PageLoadFigures & { othersPercent: number; flood?: FloodAnswers };
export type RoundFigures = Record<Shoppers, Record<Load, PageFigures>>;

export interface LoginFloodFigures {
  /** Medians over the rounds (the floods' answers added up, the busiest others kept). */
  pages: RoundFigures;
  /**
   * Each flood alone: the server's CPU ms per request (null when the server's processes are not known), and how many
   * of its requests had their password checked (the shop checks 30 a minute, ~0.1 s of scrypt each: when the shop's
   * minute starts again during the measure, those checks weigh on every request's share).
   */
  costPerRequest: Record<'logins' | 'static', { ms: number; checked: number } | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A flood's request number n. */
function floodOf(target: FloodTarget, load: Exclude<Load, 'alone'>): (n: number) => ReturnType<typeof loopbackRequest> {
  if (load === 'static') return () => loopbackRequest(new URL(target.staticUrl), 'GET');
  return (n) => loopbackRequest(new URL(target.loginUrl), 'POST', new URLSearchParams({ name: `operateur-${n}`, password: `pas-le-bon-mot-de-passe-${n}` }).toString());
}

/** How long to wait for a quiet machine before each measure (BENCH_QUIET_WAIT seconds), and how quiet it must stay. */
const QUIET_WAIT_SECONDS = envNumber('BENCH_QUIET_WAIT', 120);
const BUSY_PERCENT = 10;
const ATTEMPTS = 3;
const quiet = () => waitForQuiet(QUIET_WAIT_SECONDS, (line) => console.log(line));

/**
 * The page's load after a quiet machine, under a flood when asked (started a second before). A measure during which
 * other processes took more than BUSY_PERCENT of the machine is taken again (ATTEMPTS in all); the last one is kept.
 */
async function measurePage(target: FloodTarget, options: FloodOptions, shoppers: Shoppers, load: Load): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    await quiet();
    const running = load === 'alone' ? undefined : flood(options.floodRate, floodOf(target, load));
    if (running) await sleep(1000);
    const machine = cpuTicks();
    const page = await pageLoad(target.pageUrl, options.durationSeconds, shoppers);
    const others = othersPercent(machine);
    const answers = await running?.stop();
    if (others <= BUSY_PERCENT || attempt === ATTEMPTS) return { ...page, othersPercent: others, ...(answers ? { flood: answers } : {}) };
    console.log(`  others took ${others}% of the machine during a measure: taken again`);
  }
}

/** One round against one target: every kind of shoppers under every load, in reverse order when `round` is odd. */
export async function measureRound(target: FloodTarget, options: FloodOptions, round: number): Promise<RoundFigures> {
  const measures = SHOPPERS.flatMap((shoppers) => LOADS.map((load) => [shoppers, load] as const));
  if (round % 2 === 1) measures.reverse();
  const figures: Partial<Record<Shoppers, Partial<Record<Load, PageFigures>>>> = {};
  for (const [shoppers, load] of measures) (figures[shoppers] ??= {})[load] = await measurePage(target, options, shoppers, load);
  return figures as RoundFigures;
}

/** The server's CPU ms per request of a flood alone (no page load), or null without `serverCpuMs`. */
async function costOf(target: FloodTarget, options: FloodOptions, load: Exclude<Load, 'alone'>): Promise<{ ms: number; checked: number } | null> {
  if (!options.serverCpuMs) return null;
  await quiet();
  const running = flood(options.floodRate, floodOf(target, load));
  await sleep(1000);
  const before = options.serverCpuMs();
  const counted = performance.now();
  await sleep(Math.min(5, options.durationSeconds) * 1000);
  const cpu = options.serverCpuMs() - before;
  const requests = ((performance.now() - counted) / 1000) * options.floodRate;
  const answers = await running.stop();
  return { ms: cpu / requests, checked: load === 'logins' ? (answers.statuses.get(401) ?? 0) : 0 };
}

export async function costsOf(target: FloodTarget, options: FloodOptions): Promise<LoginFloodFigures['costPerRequest']> {
  return { logins: await costOf(target, options, 'logins'), static: await costOf(target, options, 'static') };
}

/** Checks the target answers a wrong login as a login form would, and warms the page. */
export async function prepareTarget(target: FloodTarget): Promise<void> {
  const check = await loopbackRequest(new URL(target.loginUrl), 'POST', 'name=essai&password=essai-essai-essai');
  if (![401, 429, 503].includes(check.status)) throw new Error(`${target.loginUrl} answered ${check.status} to a wrong login`);
  await pageLoad(target.pageUrl, 2, 'returning');
}

/** The rounds' medians per figure, the floods' answers added up, the busiest others kept. */
export function combineRounds(rounds: RoundFigures[], costPerRequest: LoginFloodFigures['costPerRequest']): LoginFloodFigures {
  const combined = (all: PageFigures[]): PageFigures => {
    const floods = all.flatMap((figures) => (figures.flood ? [figures.flood] : []));
    const statuses = new Map<number, number>();
    for (const answers of floods) for (const [status, count] of answers.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
    return {
      rps: median(all.map((figures) => figures.rps)),
      p50: median(all.map((figures) => figures.p50)),
      p99: median(all.map((figures) => figures.p99)),
      failed: all.reduce((sum, figures) => sum + figures.failed, 0),
      othersPercent: Math.max(...all.map((figures) => figures.othersPercent)),
      ...(floods.length > 0
        ? {
            flood: {
              sentPerSecond: median(floods.map((answers) => answers.sentPerSecond)),
              statuses,
              p50: median(floods.map((answers) => answers.p50)),
              p99: median(floods.map((answers) => answers.p99)),
            },
          }
        : {}),
    };
  };
  const pages = Object.fromEntries(
    SHOPPERS.map((shoppers) => [shoppers, Object.fromEntries(LOADS.map((load) => [load, combined(rounds.map((round) => round[shoppers][load]))]))]),
  ) as RoundFigures;
  return { pages, costPerRequest };
}

/** Every measure against one target: `options.rounds` rounds, then each flood's cost alone. */
export async function measureLoginFlood(target: FloodTarget, options: FloodOptions): Promise<LoginFloodFigures> {
  await prepareTarget(target);
  const rounds: RoundFigures[] = [];
  for (let round = 0; round < options.rounds; round++) rounds.push(await measureRound(target, options, round));
  return combineRounds(rounds, await costsOf(target, options));
}

const ratio = (a: number, b: number) => (b === 0 ? '—' : `×${(a / b).toFixed(2)}`);
const answered = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'error' : status} ×${count}`)
    .join(', ');

/** The table: each kind of shoppers alone and under each flood, ratios against alone, the budget, the floods' answers. */
export function printLoginFlood(title: string, figures: LoginFloodFigures, options: FloodOptions): void {
  const { pages, costPerRequest } = figures;
  const cost = (figure: { ms: number; checked: number } | null) =>
    figure === null ? '—' : `${(figure.ms * 1000).toFixed(0)} µs${figure.checked > 0 ? ` (${figure.checked} checked)` : ''}`;
  console.log(
    `\n${title}: the page for 20 shoppers, floods at ${options.floodRate}/s from distinct loopback addresses, ${options.durationSeconds} s each, medians of ${options.rounds} round${options.rounds === 1 ? '' : 's'}`,
  );
  const rows = SHOPPERS.flatMap((shoppers) =>
    LOADS.map((load) => {
      const alone = pages[shoppers].alone;
      const page = pages[shoppers][load];
      const flooded = load === 'alone' ? undefined : page.flood;
      return [
        `${shoppers} ${load === 'alone' ? 'alone' : load === 'logins' ? '+ wrong logins' : '+ GET static file'}`,
        page.rps.toFixed(0),
        page.p50.toFixed(0),
        page.p99.toFixed(0),
        flooded ? ratio(page.rps, alone.rps) : '',
        flooded ? ratio(page.p99, alone.p99) : '',
        `${page.othersPercent}%`,
        flooded ? flooded.sentPerSecond.toFixed(0) : '',
        flooded ? `${flooded.p50.toFixed(0)}/${flooded.p99.toFixed(0)}` : '',
        load === 'alone' ? '' : cost(costPerRequest[load]),
        flooded ? answered(flooded.statuses) : '',
      ];
    }),
  );
  printTable(
    ['shoppers, load', 'page req/s', 'p50 ms', 'p99 ms', 'req/s ratio', 'p99 ratio', 'others', 'flood sent/s', 'flood p50/p99 ms', 'server CPU/request', 'flood answers'],
    rows,
    1,
  );
  const failed = SHOPPERS.reduce((sum, shoppers) => sum + LOADS.reduce((inner, load) => inner + pages[shoppers][load].failed, 0), 0);
  if (failed > 0) console.log(`  pages not answered 200: ${failed}`);
  for (const shoppers of SHOPPERS) {
    const { alone, logins } = pages[shoppers];
    const met = logins.p99 <= 2 * alone.p99;
    console.log(`  budget (${shoppers}): the page's p99 under the login flood ≤ ×2 its baseline: ${ratio(logins.p99, alone.p99)} ${met ? 'ok' : 'FAIL'}`);
  }
}

/** CPU ms the shell server process of the stack of `root` and its renderers have used (utime + stime, /proc). */
function shellCpuMs(root: string): () => number {
  return () => {
    const { server, renderers } = shellProcesses(root);
    const ticks = [server, ...renderers].reduce((sum, p) => {
      try {
        const fields = readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return sum + Number(fields[11]) + Number(fields[12]);
      } catch {
        return sum; // a renderer that ended in between
      }
    }, 0);
    // /proc counts in USER_HZ, 100 a second on Linux whatever the kernel's own tick.
    return ticks * 10;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const settings = { durationSeconds: envNumber('BENCH_DURATION', 8), floodRate: envNumber('BENCH_FLOOD_RATE', 660), rounds: envNumber('BENCH_ROUNDS', 3) };
  const baselineRoot = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
  const checkouts = [...(baselineRoot ? [{ title: `Before (${baselineRoot})`, root: baselineRoot }] : []), { title: 'This work tree', root: repoRoot }];
  const stacks: Array<{ title: string; root: string; stack: BenchStack }> = [];
  try {
    for (const checkout of checkouts) stacks.push({ ...checkout, stack: await startBenchStack(undefined, '1.0.0', { root: checkout.root }) });
    const runs = stacks.map(({ title, root, stack }) => ({
      title,
      options: { ...settings, serverCpuMs: shellCpuMs(root) },
      target: { pageUrl: `${stack.url}/shop/face`, loginUrl: `${stack.url}/operations/login`, staticUrl: `${stack.url}/robots.txt` },
      rounds: [] as RoundFigures[],
    }));
    for (const run of runs) await prepareTarget(run.target);
    // Both checkouts in every round, in alternating order: the machine's drift falls on both alike.
    for (let round = 0; round < settings.rounds; round++) {
      for (const run of round % 2 === 0 ? runs : [...runs].reverse()) run.rounds.push(await measureRound(run.target, run.options, round));
    }
    const figures: LoginFloodFigures[] = [];
    for (const run of runs) figures.push(combineRounds(run.rounds, await costsOf(run.target, run.options)));
    runs.forEach((run, i) => printLoginFlood(run.title, figures[i]!, run.options));
    if (figures.length === 2) {
      const [before, after] = figures as [LoginFloodFigures, LoginFloodFigures];
      const p99Ratio = (figures: LoginFloodFigures, shoppers: Shoppers) => ratio(figures.pages[shoppers].logins.p99, figures.pages[shoppers].alone.p99);
      const [cpuBefore, cpuAfter] = [before.costPerRequest.logins, after.costPerRequest.logins];
      const cpu = cpuBefore && cpuAfter ? ratio(cpuAfter.ms, cpuBefore.ms) : '—';
      console.log('\nAfter/before:');
      for (const shoppers of SHOPPERS) console.log(`  ${shoppers}: the page's p99 under the login flood against alone ${p99Ratio(before, shoppers)} → ${p99Ratio(after, shoppers)}`);
      console.log(`  a refused login's server CPU ${cpu}`);
    }
  } finally {
    await Promise.all(stacks.map(({ stack }) => stack.close()));
  }
}
