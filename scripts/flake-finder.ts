// The flake finder: runs the unit suites (every package whose `test` script is `vitest run`) again and again on a
// loaded machine, and lists every test that failed at least once. A test that fails by chance blocks everyone's
// submission; this finds it before CI does.
//
//   npx -y pnpm@10.34.9 flakes                        20 passes, two at a time, one busy loop beside them
//   npx -y pnpm@10.34.9 flakes --runs=5 --side-by-side=1 --busy=2 --packages=shell,server-kit
//
// Load: `--side-by-side` passes of the suites run at once (each a second suite's load on the other) and `--busy` node
// processes spin a core each. Every package's run is written to vitest's JSON report and a log in the output folder,
// named in the report. Exit code 1 when any test failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failuresOf, flakeReport, type Failure } from './flake-report';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'side-by-side': { type: 'string', default: '2' },
    busy: { type: 'string', default: '1' },
    packages: { type: 'string' },
    out: { type: 'string' },
  },
});
const runs = positive('runs', values.runs);
const sideBySide = positive('side-by-side', values['side-by-side']);
const busy = Number(values.busy);
if (!Number.isInteger(busy) || busy < 0) fail(`--busy must be 0 or more, not ${values.busy}`);

/** Packages whose unit suite is Vitest's, in the order `pnpm test:unit` runs them. */
function unitPackages(): string[] {
  const all = readdirSync(root).filter((name) => {
    const manifest = join(root, name, 'package.json');
    if (!existsSync(manifest)) return false;
    const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts;
    return scripts?.test === 'vitest run';
  });
  if (!values.packages) return all.sort();
  const asked = values.packages.split(',').map((name) => name.trim());
  const unknown = asked.filter((name) => !all.includes(name));
  if (unknown.length > 0) fail(`no unit suite in ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  return asked;
}

const packages = unitPackages();
const out = values.out ? resolve(values.out) : await mkdtemp(join(tmpdir(), 'flake-finder-'));
await mkdir(out, { recursive: true });

const children = new Set<ChildProcess>();
const stopAll = () => children.forEach((child) => child.kill('SIGKILL'));
// Stopped by a terminal or by kill: the busy loops must not outlive the finder (left spinning, they load the machine
// for whatever runs next, a benchmark included).
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(code);
  });
}

const spinners = Array.from({ length: busy }, () => {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  children.add(spinner);
  return spinner;
});

/** One package's suite once: its JSON report's failures, or the exit itself when the report names none. */
async function runPackage(pass: number, pkg: string): Promise<Failure[]> {
  const report = join(out, `pass-${pass}-${pkg}.json`);
  const log = join(out, `pass-${pass}-${pkg}.log`);
  const child = spawn('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${report}`], {
    cwd: join(root, pkg),
    env: { ...process.env, CI: 'true', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((done) => child.on('close', (exitCode, signal) => done(exitCode ?? (signal ? 128 : 1))));
  children.delete(child);
  await writeFile(log, output);
  const json = existsSync(report) ? readFileSync(report, 'utf8') : null;
  return failuresOf(pkg, pass, code, json, log);
}

const failures: Failure[] = [];
let next = 1;
const started = Date.now();
async function lane(): Promise<void> {
  while (next <= runs) {
    const pass = next++;
    for (const pkg of packages) {
      const found = await runPackage(pass, pkg);
      failures.push(...found);
      const mark = found.length === 0 ? 'ok' : `${found.length} failed`;
      console.log(`pass ${pass}/${runs} ${pkg}: ${mark}`);
    }
  }
}
await Promise.all(Array.from({ length: sideBySide }, lane));
spinners.forEach((spinner) => spinner.kill('SIGKILL'));

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const report = flakeReport(failures, { runs, sideBySide, busy, packages, minutes, out });
await writeFile(join(out, 'report.md'), report);
console.log(`\n${report}`);
process.exit(failures.length === 0 ? 0 : 1);

function positive(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number of at least 1, not ${value}`);
  return n;
}

function fail(message: string): never {
  console.error(`flake-finder: ${message}`);
  process.exit(2);
}
