import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { TELEMETRY_SAMPLE_META, VIEW_TOKEN_PATH } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { goodRemotes } from './test-support/shell-fixture';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalShellFolder, startShellProcess } from './test-support/shell-process';

const run = startShellProcess;

describe('the shell server process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await minimalShellFolder('shell-main-');
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

  it('drains on SIGTERM with SHUTDOWN_DRAIN_MS: /readyz answers 503 while pages are still served, then the process ends', async () => {
    // The drain is long enough for the two requests below on a loaded machine; the order (503 on /readyz, then a page
    // still served, then the exit) is what proves the drain, not a measured duration.
    const started = run({ SHELL_DIST: join(dir, 'dist'), REMOTES_CONFIG: join(dir, 'remotes.json'), CART_SERVICE_URL: 'http://127.0.0.1:9', SHUTDOWN_DRAIN_MS: '5000' });
    try {
      await expect.poll(started.output, { timeout: 20_000 }).toMatch(/"msg":"shell listening"/);
      const url = String((JSON.parse(started.output().trim().split('\n')[0]!) as Record<string, unknown>).url);
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
      let exited = false;
      void started.exited.then(() => (exited = true));
      started.child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 3_000 }).toBe(503);
      expect((await fetch(`${url}/shop/face`)).status).toBe(200);
      expect(exited).toBe(false);
      expect(await started.exited).toBe(0);
    } finally {
      started.child.kill('SIGKILL');
    }
  }, 30_000);

  it('starts without release control (RELEASE_CONTROL=off): the configuration is the file, and /operations and /telemetry are not there', async () => {
    const alone = await minimalShellFolder('shell-alone-');
    const started = run({ SHELL_DIST: join(alone, 'dist'), REMOTES_CONFIG: join(alone, 'remotes.json'), CART_SERVICE_URL: 'http://127.0.0.1:9', RELEASE_CONTROL: 'off' });
    try {
      await expect.poll(started.output, { timeout: 20_000 }).toMatch(/"msg":"shell listening"/);
      const line = JSON.parse(started.output().trim().split('\n')[0]!) as Record<string, unknown>;
      expect(line.releaseControl).toBe(`off, ${join(alone, 'remotes.json')} as it is on disk`);
      const url = String(line.url);
      expect(((await (await fetch(`${url}/remotes.json`)).json()) as RemotesConfig).remotes).toEqual(goodRemotes().remotes);
      const page = await fetch(`${url}/shop/face`);
      expect(page.status).toBe(200);
      // A page for the browser to compose (no build of the shell's Node bundle here), reporting nothing to a canary.
      expect(await page.text()).not.toContain(TELEMETRY_SAMPLE_META);
      expect((await fetch(`${url}${VIEW_TOKEN_PATH}`)).status).toBe(404);
      expect((await fetch(`${url}/operations`)).status).toBe(404);
      expect((await fetch(`${url}/telemetry`, { method: 'POST', body: '{}' })).status).toBe(405);
      // No file beside remotes.json: no revisions, no operators.
      expect(existsSync(join(alone, 'remotes.history.json'))).toBe(false);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      started.child.kill('SIGKILL');
      await rm(alone, { recursive: true, force: true });
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
