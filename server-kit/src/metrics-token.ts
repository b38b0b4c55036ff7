import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';

/**
 * The metrics listener's bearer token when METRICS_TOKEN is not set (decision 027): every process on the machine can
 * reach the internal port, remote teams' renderers included, so /metrics never answers without a credential. The
 * token lives in a file only this user may read (0600), drawn on the first start, for Prometheus's `credentials_file`.
 */
export async function metricsTokenFromFile(path: string): Promise<{ token: string; created: boolean }> {
  try {
    const token = (await readFile(path, 'utf8')).trim();
    if (token.length < 32) throw new Error(`${path} must hold a token of at least 32 characters`);
    // A token another user could read is no longer this process's secret alone.
    if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
    return { token, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(32).toString('hex');
  // `wx`: two shells starting at once do not overwrite each other's token (the loser reads the winner's).
  try {
    await writeFile(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return metricsTokenFromFile(path);
    throw error;
  }
  return { token, created: true };
}
