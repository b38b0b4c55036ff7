import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { digestOf } from '@shop/contracts/release-digest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { publishRelease } from '@shop/server-kit/release-store/publish';
import { startTestBucket } from '@shop/server-kit/release-store/test-bucket';
import { FIXTURE_FILES, serveFixtureRelease, writeFixtureRelease, type FixtureRelease } from '../test-support/fixture-release';
import { ReleaseFiles } from './release-files';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

async function setUp(options?: { withIntegrity?: boolean }) {
  const release = await serveFixtureRelease(options);
  const cacheDir = mkdtempSync(join(tmpdir(), 'shop-release-cache-'));
  cleanup.push(() => release.remove(), () => rmSync(cacheDir, { recursive: true, force: true }));
  const logged: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const log = {
    warn: (fields: object, message: string) => logged.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
    error: (fields: object, message: string) => logged.push({ level: 'error', fields: fields as Record<string, unknown>, message }),
  };
  const files = () => new ReleaseFiles({ cacheDir, timeoutMs: 2000, log });
  const config: RemotesConfig = { remotes: [{ name: 'mf_cart', entry: release.entry }] } as RemotesConfig;
  return { release, cacheDir, logged, files, config };
}

const urlsOf = (release: FixtureRelease, files: Array<{ url: string }>) => files.map((file) => file.url.replace(new URL('.', release.entry).href, '')).sort();

describe('the verified files a renderer is handed', () => {
  it('are the manifest, every file of the Node build and the stylesheets, each with its recorded digest', async () => {
    const { release, files, config, cacheDir } = await setUp();
    const handed = await files().filesFor(config);
    expect(urlsOf(release, handed)).toEqual(['mf-manifest.json', 'ssr/2mf_cart.js', 'ssr/mf_cart.js', 'static/css/cart.css']);
    for (const file of handed) {
      const name = file.url.slice(new URL('.', release.entry).href.length);
      expect(file.text).toBe(FIXTURE_FILES[name]);
      expect(file.integrity).toBe(digestOf(FIXTURE_FILES[name]!));
    }
    // Kept by digest: the browser's script was not fetched, the renderer never runs it.
    expect(readdirSync(join(cacheDir, 'files'))).toHaveLength(3);
  });

  it('leave out a file changed after publishing, logged with its release and file', async () => {
    const { release, files, config, logged } = await setUp();
    release.change('ssr/2mf_cart.js', 'exports.chunk = "changed";\n');
    const handed = await files().filesFor(config);
    expect(urlsOf(release, handed)).toEqual(['mf-manifest.json', 'ssr/mf_cart.js', 'static/css/cart.css']);
    const refusal = logged.find((line) => line.message.startsWith('release file refused'));
    expect(refusal?.fields).toMatchObject({ remote: 'mf_cart', version: '1.0.0', file: 'ssr/2mf_cart.js', expected: digestOf(FIXTURE_FILES['ssr/2mf_cart.js']!) });
    expect(refusal?.fields.actual).toBe(digestOf('exports.chunk = "changed";\n'));
  });

  it('refuse the whole release when its manifest was changed, or it has no integrity record', async () => {
    const changed = await setUp();
    changed.release.change('mf-manifest.json', FIXTURE_FILES['mf-manifest.json']!.replace('mf_cart.js', 'evil.js'));
    expect(await changed.files().filesFor(changed.config)).toEqual([]);
    expect(changed.logged.find((line) => line.message.startsWith('release file refused'))?.fields).toMatchObject({ file: 'mf-manifest.json' });

    const unrecorded = await setUp({ withIntegrity: false });
    expect(await unrecorded.files().filesFor(unrecorded.config)).toEqual([]);
    expect(unrecorded.logged.map((line) => line.message)).toContainEqual(expect.stringMatching(/integrity record cannot be read/));
  });

  it('come from the cache, verified, once the host is down', async () => {
    const { release, files, config, logged } = await setUp();
    const first = await files().filesFor(config);
    await release.stop();
    const again = await files().filesFor(config);
    expect(again).toEqual(first);
    expect(logged.map((line) => line.message)).toContainEqual(expect.stringMatching(/starts from the release cache/));
  });

  it('are refused from a cache whose copy was changed on disk, and fetched again', async () => {
    const { files, config, cacheDir } = await setUp();
    await files().filesFor(config);
    const dir = join(cacheDir, 'files');
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), 'tampered on disk');
    const handed = await files().filesFor(config);
    expect(handed).toHaveLength(4);
    for (const file of handed) expect(digestOf(file.text)).toBe(file.integrity);
  });
});

describe('the verified files of a release published to a bucket', () => {
  it('leave out a file changed in the bucket after publishing, and come from the cache while the bucket is down', async () => {
    const bucket = await startTestBucket();
    const folder = mkdtempSync(join(tmpdir(), 'shop-release-'));
    const cacheDir = mkdtempSync(join(tmpdir(), 'shop-release-cache-'));
    cleanup.push(() => bucket.stop(), () => rmSync(folder, { recursive: true, force: true }), () => rmSync(cacheDir, { recursive: true, force: true }));
    writeFixtureRelease(join(folder, '1.0.0'));
    const store = bucket.store();
    const { manifestUrl } = await publishRelease({ remote: 'mf_cart', version: '1.0.0', folder: join(folder, '1.0.0'), store });
    store.close();
    const refusals: Array<Record<string, unknown>> = [];
    const log = { warn: () => undefined, error: (fields: object, message: string) => void (message.startsWith('release file refused') && refusals.push(fields as Record<string, unknown>)) };
    const config = { remotes: [{ name: 'mf_cart', entry: manifestUrl }] } as RemotesConfig;

    await bucket.tamper(`${bucket.prefix}/mf_cart/1.0.0/ssr/2mf_cart.js`, 'exports.chunk = "changed in the bucket";');
    const handed = await new ReleaseFiles({ cacheDir, timeoutMs: 2000, log }).filesFor(config);
    expect(handed.map((file) => file.url.slice(manifestUrl.length - 'mf-manifest.json'.length)).sort()).toEqual(['mf-manifest.json', 'ssr/mf_cart.js', 'static/css/cart.css']);
    expect(refusals).toEqual([expect.objectContaining({ remote: 'mf_cart', version: '1.0.0', file: 'ssr/2mf_cart.js' })]);

    await bucket.stopServing();
    expect(await new ReleaseFiles({ cacheDir, timeoutMs: 2000, log }).filesFor(config)).toEqual(handed);
  });
});
