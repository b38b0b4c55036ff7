/**
 * Item 4: the cart-service figures, from its own benchmark (bench/cart-service/run.ts, autocannon against
 * cart-service and a bare Koa route in the same run), run as it is and read back from bench/results/cart-service.json.
 */
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './util';

export interface CartServiceRow {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  ratioToBare: number;
}

export interface CartServiceFigures {
  rows: CartServiceRow[];
  getCartRatio: number;
  settings: { durationSeconds: number; rounds: number; connections: number };
}

export async function runCartServiceBench(log: (line: string) => void, onChild: (kill: (() => void) | null) => void): Promise<CartServiceFigures> {
  const resultFile = join(repoRoot, 'bench/results/cart-service.json');
  const startedAt = Date.now();
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'bench/cart-service/run.ts')], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onChild(() => child.kill('SIGTERM'));
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`    | ${line}`);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  const code = await new Promise<number | null>((resolveCode, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolveCode(exitCode));
  });
  onChild(null);
  if (code !== 0) throw new Error(`bench/cart-service/run.ts exited with code ${code}`);
  if ((await stat(resultFile)).mtimeMs < startedAt) throw new Error(`${resultFile} was not rewritten by this run`);
  const json = JSON.parse(await readFile(resultFile, 'utf8')) as {
    durationSeconds: number;
    rounds: number;
    connections: number;
    results: CartServiceRow[];
    budget: { ratio: number };
  };
  return {
    rows: json.results.map(({ name, requestsPerSecond, p99Ms, ratioToBare }) => ({ name, requestsPerSecond, p99Ms, ratioToBare })),
    getCartRatio: json.budget.ratio,
    settings: { durationSeconds: json.durationSeconds, rounds: json.rounds, connections: json.connections },
  };
}
