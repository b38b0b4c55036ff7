import { brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { digestOf } from '@shop/contracts/release-digest';
import type { RemoteName } from '@shop/contracts/remotes';
import { contentTypeOf } from './content-types';
import { MANIFEST_FILE, ReleaseFileExistsError, type ReleaseStore } from './release-store';

/** A store to test, fresh (nothing published), its public URLs answered over HTTP on loopback. */
export interface StoreUnderTest {
  store: ReleaseStore;
  /** The remote it is tested with (a folder store holds one remote's releases). */
  remote: RemoteName;
  /** Closes the store and whatever serves it. */
  close(): Promise<void>;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const manifestOf = (remote: RemoteName, version: string) => json({ name: remote, metaData: { buildInfo: { buildVersion: version } } });

/**
 * What every ReleaseStore does, whatever holds the files: the folder a release server serves, or a bucket. `open`
 * makes a fresh store for each test.
 */
export function releaseStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the release store contract`, () => {
    let opened: StoreUnderTest | undefined;
    const fresh = async () => (opened = await open());
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    const putManifest = (store: ReleaseStore, remote: RemoteName, version: string) =>
      store.putFile(remote, version, MANIFEST_FILE, manifestOf(remote, version), { contentType: 'application/json', onlyIfAbsent: true });

    it('starts with no version, no file and an empty index', async () => {
      const { store, remote } = await fresh();
      expect(await store.hasVersion(remote, '1.0.0')).toBe(false);
      expect(await store.readFile(remote, '1.0.0', MANIFEST_FILE)).toBeNull();
      expect(await store.readIndex(remote)).toEqual({ releases: [] });
      expect(store.describe()).toEqual(expect.any(String));
    });

    it('keeps each file as given, and its public URL answers it: type, cache rule, brotli as sent, the content decoded', async () => {
      const { store, remote } = await fresh();
      const script = `console.log(${JSON.stringify('panier '.repeat(400))});\n`;
      const style = '.panier{color:#5b3a29}\n';
      await store.putFile(remote, '1.0.0', 'static/js/mf_cart.1a2b3c4d.js', brotliCompressSync(script), {
        contentType: contentTypeOf('x.js'),
        contentEncoding: 'br',
      });
      await store.putFile(remote, '1.0.0', 'static/css/cart.5e6f.css', Buffer.from(style), { contentType: contentTypeOf('x.css') });
      await putManifest(store, remote, '1.0.0');

      const kept = await store.readFile(remote, '1.0.0', 'static/js/mf_cart.1a2b3c4d.js');
      expect(kept?.bytes.toString()).toBe(script);
      expect(digestOf(kept!.bytes)).toBe(digestOf(script));
      expect(kept?.contentEncoding).toBe('br');

      for (const [file, content, type] of [
        ['static/js/mf_cart.1a2b3c4d.js', script, /^(?:text|application)\/javascript/],
        ['static/css/cart.5e6f.css', style, /^text\/css/],
        [MANIFEST_FILE, manifestOf(remote, '1.0.0').toString(), /^application\/json/],
      ] as const) {
        const stored = await store.readFile(remote, '1.0.0', file);
        const response = await fetch(store.publicUrl(remote, '1.0.0', file), { headers: { 'Accept-Encoding': 'br, gzip' } });
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toMatch(type);
        if (stored?.cacheControl) expect(response.headers.get('cache-control'), file).toBe(stored.cacheControl);
        if (stored?.contentEncoding) expect(response.headers.get('content-encoding'), file).toBe(stored.contentEncoding);
        // fetch decodes what it is sent: the bytes a browser runs.
        const body = Buffer.from(await response.arrayBuffer());
        expect(digestOf(body), file).toBe(digestOf(content));
      }
    });

    it('has a version once its manifest is in, not before', async () => {
      const { store, remote } = await fresh();
      await store.putFile(remote, '2.0.0', 'static/js/a.js', Buffer.from('1'), { contentType: contentTypeOf('a.js') });
      expect(await store.hasVersion(remote, '2.0.0')).toBe(false);
      await putManifest(store, remote, '2.0.0');
      expect(await store.hasVersion(remote, '2.0.0')).toBe(true);
      expect(await store.hasVersion(remote, '2.0.1')).toBe(false);
    });

    it('refuses to replace a file asked to be new, and leaves it as it was', async () => {
      const { store, remote } = await fresh();
      await putManifest(store, remote, '1.0.0');
      await expect(
        store.putFile(remote, '1.0.0', MANIFEST_FILE, json({ evil: true }), { contentType: 'application/json', onlyIfAbsent: true }),
      ).rejects.toBeInstanceOf(ReleaseFileExistsError);
      expect((await store.readFile(remote, '1.0.0', MANIFEST_FILE))?.bytes.toString()).toBe(manifestOf(remote, '1.0.0').toString());
    });

    it('lists releases in its index, newest build first, each manifest relative to the index, and serves the index', async () => {
      const { store, remote } = await fresh();
      for (const version of ['1.0.0', '1.0.1', '1.0.10']) await putManifest(store, remote, version);
      await store.addToIndex(remote, { version: '1.0.0', builtAt: '2026-11-01T10:00:00.000Z' });
      await store.addToIndex(remote, { version: '1.0.10', builtAt: '2026-11-20T10:00:00.000Z' });
      const written = await store.addToIndex(remote, { version: '1.0.1', builtAt: '2026-11-20T10:00:00.000Z' });
      const index = await store.readIndex(remote);
      expect(index).toEqual(written);
      expect(index.releases.map(({ version, builtAt }) => [version, builtAt])).toEqual([
        ['1.0.10', '2026-11-20T10:00:00.000Z'],
        ['1.0.1', '2026-11-20T10:00:00.000Z'],
        ['1.0.0', '2026-11-01T10:00:00.000Z'],
      ]);
      for (const release of index.releases) {
        expect(new URL(release.manifest, store.indexUrl(remote)).href).toBe(store.publicUrl(remote, release.version, MANIFEST_FILE));
      }

      const served = await fetch(store.indexUrl(remote));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^application\/json/);
      expect(served.headers.get('cache-control')).toBe('no-cache');
      expect(await served.json()).toEqual(index);

      // Listing a version again replaces its entry.
      await store.addToIndex(remote, { version: '1.0.0', builtAt: '2026-11-25T10:00:00.000Z' });
      expect((await store.readIndex(remote)).releases.map((release) => release.version)).toEqual(['1.0.0', '1.0.10', '1.0.1']);
    });

    it('refuses to list a release whose manifest it does not have', async () => {
      const { store, remote } = await fresh();
      await expect(store.addToIndex(remote, { version: '3.0.0', builtAt: '2026-11-01T10:00:00.000Z' })).rejects.toThrow(/manifeste/);
      expect(await store.readIndex(remote)).toEqual({ releases: [] });
    });

    it('refuses a version or a file that is not a plain path inside a release, before writing anything', async () => {
      const { store, remote } = await fresh();
      const bytes = Buffer.from('x');
      for (const [version, file] of [
        ['..', MANIFEST_FILE],
        ['1.0.0/..', MANIFEST_FILE],
        ['.hidden', MANIFEST_FILE],
        ['1.0.0', '../escape.js'],
        ['1.0.0', '/etc/passwd'],
        ['1.0.0', 'static//a.js'],
        ['1.0.0', 'static/../../a.js'],
      ] as const) {
        await expect(store.putFile(remote, version, file, bytes, { contentType: 'text/plain' }), `${version} ${file}`).rejects.toThrow();
        expect(() => store.publicUrl(remote, version, file), `${version} ${file}`).toThrow();
      }
      expect(await store.hasVersion(remote, '1.0.0')).toBe(false);
      expect(await store.readIndex(remote)).toEqual({ releases: [] });
    });
  });
}
