import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodRemotes } from './test-fixture';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** server/main.ts as `npm run serve` runs it, in one process; resolves with its output once it exits. */
function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: packageDir,
    // No metrics listener: the shared port 9464 may be another shell's (metrics-server.test.ts covers it).
    env: { PATH: process.env.PATH ?? '', SHELL_PORT: '0', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the shell server process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shell-main-'));
    await mkdir(join(dir, 'dist'));
    await writeFile(join(dir, 'dist/index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    await writeFile(join(dir, 'remotes.json'), JSON.stringify(goodRemotes()));
    await writeFile(join(dir, 'broken.json'), '{"remotes": [');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('logs one JSON start line in English with its URL, answers, and stops cleanly on SIGTERM', async () => {
    const started = run({ SHELL_DIST: join(dir, 'dist'), REMOTES_CONFIG: join(dir, 'remotes.json'), CART_SERVICE_URL: 'http://127.0.0.1:9' });
    try {
      await expect.poll(started.output, { timeout: 20_000 }).toMatch(/"msg":"shell listening"/);
      const line = JSON.parse(started.output().trim().split('\n')[0]!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, service: 'shell', remotes: join(dir, 'remotes.json'), cartService: 'http://127.0.0.1:9', trustedProxies: 'none' });
      expect(String(line.url)).toMatch(/^http:\/\/localhost:\d+$/);
      expect((await fetch(`${String(line.url)}/healthz`)).status).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      started.child.kill('SIGKILL');
    }
  }, 30_000);

  it('refuses to start on an unusable remotes.json, saying why', async () => {
    const started = run({ SHELL_DIST: join(dir, 'dist'), REMOTES_CONFIG: join(dir, 'broken.json') });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(`shell cannot start: the remotes configuration (${join(dir, 'broken.json')}) is unusable`);
    expect(started.output()).toMatch(/"level":60.*"msg":"shell cannot start: the remotes configuration is unusable"/);
  }, 30_000);

  it('refuses to start with a bad environment, listing the variables', async () => {
    const started = run({ SHELL_PORT: 'abc', TRUST_PROXY: 'true' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Invalid shell configuration:\n {2}- SHELL_PORT: .*\n {2}- TRUST_PROXY: /);
  }, 30_000);
});
