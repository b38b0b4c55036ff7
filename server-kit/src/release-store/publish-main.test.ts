import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from './test-bucket';
import { writeTestReleaseFolder, type TestReleaseFolder } from './test-release-folder';

const bin = join(dirname(fileURLToPath(import.meta.url)), '../../bin/shop-release-publish.mjs');

/** Runs the bin as a remote's `release:publish` script does; resolves once it exits. */
function run(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** stderr without the SDK's notice that its releases after January 2027 need Node 22 (a warning, once per process). */
const withoutSdkNotice = (stderr: string) => stderr.replace(/\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*?--trace-warnings[^\n]*\n/, '');

describe('shop-release-publish (the process)', () => {
  let bucket: TestBucket;
  let release: TestReleaseFolder;
  beforeAll(async () => {
    bucket = await startTestBucket();
    release = await writeTestReleaseFolder('mf_cart', '1.0.1');
  });
  afterAll(async () => {
    await bucket.stop();
    await release.remove();
  });

  it('publishes dist/<version> of the remote it runs in, prints the manifest’s URL last and exits 0; then refuses it again with 1', async () => {
    const first = await run(['--remote', 'mf_cart', '1.0.1'], bucket.env, release.packageDir);
    expect(withoutSdkNotice(first.stderr)).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n').at(-1)).toBe(`${bucket.publicBase}/mf_cart/1.0.1/mf-manifest.json`);

    const again = await run(['--remote', 'mf_cart', '1.0.1'], bucket.env, release.packageDir);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(withoutSdkNotice(again.stderr)).toMatch(/^ÉCHEC mf_cart 1\.0\.1 : mf_cart 1\.0\.1 existe déjà dans le seau s3:\/\/releases\/boutique\/ .*\n$/);
  }, 30_000);

  it('exits 1 listing its configuration’s mistakes, without a stack', async () => {
    const started = await run(['--remote', 'mf_cart', '1.0.1'], { RELEASES_BUCKET: 'releases' }, release.packageDir);
    expect(started.code).toBe(1);
    expect(started.stderr).toBe(
      'RELEASES_PUBLIC_URL : requis pour un seau d’AWS (sans AWS_ENDPOINT_URL_S3) : l’adresse publique des versions, préfixe compris (un CDN ou l’URL publique du seau)\n' +
        'usage : shop-release-publish --remote <mf_frame|mf_cart|mf_catalog_pages> [--dir dist] <version>\n',
    );
  }, 30_000);
});
