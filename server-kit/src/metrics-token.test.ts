import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsTokenFromFile } from './metrics-token';

const dir = await mkdtemp(join(tmpdir(), 'shop-metrics-token-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the metrics token file', () => {
  it('is drawn on the first start, readable by its owner only, and the same token on the next start', async () => {
    const file = join(dir, 'metrics-token');
    const first = await metricsTokenFromFile(file);
    expect(first.created).toBe(true);
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.token);
    expect(await metricsTokenFromFile(file)).toEqual({ token: first.token, created: false });
  });

  it('takes an operator’s token back to 0600 and refuses one too short to be a secret', async () => {
    const file = join(dir, 'given-token');
    await writeFile(file, `${'t'.repeat(40)}\n`);
    await chmod(file, 0o644);
    expect((await metricsTokenFromFile(file)).token).toBe('t'.repeat(40));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(join(dir, 'short'), 'abc');
    await expect(metricsTokenFromFile(join(dir, 'short'))).rejects.toThrow(/at least 32 characters/);
  });
});
