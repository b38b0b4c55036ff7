import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestReleases, type TestReleases } from './test-releases';

const bin = join(dirname(fileURLToPath(import.meta.url)), '../../bin/shop-release-server.mjs');

/** Runs the bin as a remote's `serve` script does; resolves with its output once it exits. */
function run(args: string[], env: Record<string, string>, cwd: string) {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('shop-release-server (the process)', () => {
  let releases: TestReleases;
  beforeAll(async () => {
    releases = await writeTestReleases();
  });
  afterAll(async () => {
    await releases.remove();
  });

  it('logs one JSON start line with its URL, serves the releases, and stops cleanly on SIGTERM', async () => {
    const started = run(['--remote', 'mf_cart'], { MF_CART_PORT: '0' }, join(releases.root, '..'));
    await expect.poll(started.output, { timeout: 15_000 }).toMatch(/"msg":"release server listening"/);
    const line = JSON.parse(started.output().split('\n')[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, service: 'mf-cart', remote: 'mf_cart', root: releases.root, allowedOrigins: ['http://localhost:3000'] });
    const manifest = await fetch(`${String(line.url)}/1.0.1/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 20_000);

  it('exits 1 with a reason when its port is taken, so a supervisor retries', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as { port: number }).port;
    try {
      const started = run(['--remote', 'mf_frame'], { MF_FRAME_PORT: String(port) }, join(releases.root, '..'));
      expect(await started.exited).toBe(1);
      expect(started.output()).toMatch(/"level":60.*"msg":"release server cannot start"/);
      expect(started.output()).toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 20_000);

  it('exits 1 listing what is wrong with its configuration', async () => {
    const started = run(['--remote', 'mf_cart'], { MF_CART_PORT: 'http' }, releases.root);
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Invalid release server configuration:\n {2}- MF_CART_PORT: /);
  }, 20_000);
});
