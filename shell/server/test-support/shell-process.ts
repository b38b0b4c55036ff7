import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goodRemotes } from './shell-fixture';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * server/main.ts as `npm run serve` runs it, in a process of its own on a free port, with only `env` (and PATH): its
 * output so far, and its exit code once it has exited. No metrics listener: the shared port 9464 may be another shell's.
 */
export function startShellProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? '', SHELL_PORT: '0', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A folder a shell process can serve: `dist/index.html` (no build of the browser code) and a `remotes.json`. */
export async function minimalShellFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await mkdir(join(dir, 'dist'));
  await writeFile(join(dir, 'dist/index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(goodRemotes()));
  return dir;
}
