import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Builds a release of one remote into its own `dist/<version>/` folder, as a remote team's pipeline would. */
export async function buildRelease(packageName: string, version: string): Promise<void> {
  await run('npm', ['run', '--silent', 'build'], {
    cwd: resolve(__dirname, '../..', packageName),
    env: { ...process.env, RELEASE_VERSION: version },
  });
}
