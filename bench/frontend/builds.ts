/**
 * Cold build time of each package: its own `build` script, run once into an empty output folder, one package after
 * the other (two cores: parallel builds would time each other). No package configures a persistent build cache, so
 * an empty output folder means a cold build.
 *
 * The Rsbuild packages build into a temporary folder (`rsbuild build --dist-path <tmp>`, the script's own command with
 * one more option) rather than over their `dist/`: the folders in the work tree stay as they are for whoever is
 * running the e2e tests or serving them meanwhile, and the bench then serves exactly what it has just built.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from './util';

/** Where the stack serves each front-end package from: the shell's build, and each remote's releases folder. */
export interface ServedDirs {
  shell: string;
  'mf-frame': string;
  'mf-cart': string;
  'mf-catalog-pages': string;
}

const FRONTEND = ['shell', 'mf-frame', 'mf-cart', 'mf-catalog-pages'] as const;
const ALL = [...FRONTEND, 'cart-service'] as const;

function packageJson(name: string): { version: string; scripts?: Record<string, string> } {
  return JSON.parse(readFileSync(join(repoRoot, name, 'package.json'), 'utf8'));
}

/** A remote's release lands in `<releases>/<version>/`, as its `dist/<version>/` does. */
const releaseDir = (releases: string, name: string) => (name === 'shell' ? releases : join(releases, packageJson(name).version));

/** The work tree's own output folders. */
export function workTreeDirs(): ServedDirs {
  return { shell: join(repoRoot, 'shell/dist'), 'mf-frame': join(repoRoot, 'mf-frame/dist'), 'mf-cart': join(repoRoot, 'mf-cart/dist'), 'mf-catalog-pages': join(repoRoot, 'mf-catalog-pages/dist') };
}

export interface BuildResult {
  name: string;
  command: string;
  seconds: number | null;
  ok: boolean;
  error?: string;
}

/** Runs the package's `build` script as npm would (its bin folders on PATH), without npm's own start-up time. */
export async function runBuild(name: string, outDir?: string): Promise<BuildResult> {
  const script = packageJson(name).scripts?.build;
  if (!script) return { name, command: '', seconds: null, ok: false, error: 'no build script' };
  if (outDir && !/^rsbuild build\b/.test(script)) {
    return { name, command: script, seconds: null, ok: false, error: `cannot redirect the output of "${script}"` };
  }
  const command = outDir ? `${script} --dist-path '${outDir.replace(/'/g, `'\\''`)}'` : script;
  const cwd = join(repoRoot, name);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PATH: [join(cwd, 'node_modules/.bin'), join(repoRoot, 'node_modules/.bin'), process.env.PATH ?? ''].join(delimiter),
  };
  delete env.RELEASE_VERSION;
  const output: string[] = [];
  const started = performance.now();
  const code = await new Promise<number | null>((resolveCode, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', (exitCode) => resolveCode(exitCode));
  });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) return { name, command, seconds, ok: false, error: `exit ${code}: ${output.join('').slice(-2000)}` };
  return { name, command, seconds, ok: true };
}

/** Item 5: every package built once into an empty folder, sequentially, each one timed. */
export async function coldBuilds(log: (line: string) => void): Promise<{ results: BuildResult[]; dirs: ServedDirs; root: string }> {
  const root = await mkdtemp(join(tmpdir(), 'shop-bench-build-'));
  const dirs = {} as ServedDirs;
  const results: BuildResult[] = [];
  for (const name of ALL) {
    const isFrontend = (FRONTEND as readonly string[]).includes(name);
    if (isFrontend) dirs[name as keyof ServedDirs] = join(root, name);
    const outDir = isFrontend ? releaseDir(join(root, name), name) : undefined;
    log(`  ${name}: ${packageJson(name).scripts?.build ?? '(no build script)'}${outDir ? ` --dist-path <empty ${outDir.slice(root.length + 1)}>` : ''}`);
    const result = await runBuild(name, outDir);
    log(`    ${result.ok ? `${result.seconds!.toFixed(1)} s` : `FAILED: ${result.error?.split('\n').slice(-5).join(' | ')}`}`);
    results.push(result);
  }
  return { results, dirs, root };
}

/** With BENCH_SKIP_BUILD=1: the work tree's builds are served; a missing one is built first (not timed as cold). */
export async function buildMissing(log: (line: string) => void): Promise<BuildResult[]> {
  const results: BuildResult[] = [];
  const dirs = workTreeDirs();
  for (const name of FRONTEND) {
    const marker = join(releaseDir(dirs[name], name), name === 'shell' ? 'index.html' : 'mf-manifest.json');
    if (existsSync(marker)) continue;
    log(`  ${marker.slice(repoRoot.length + 1)} is missing: building ${name}`);
    results.push(await runBuild(name));
  }
  return results;
}
