import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createReleaseServer } from '../release-server/app';
import { createFolderReleaseStore } from './folder-release-store';
import { releaseStoreContract } from './release-store-contract';

/** A folder store over a temporary folder, served by a release server on loopback as `shop-release-server` would. */
async function openFolderStore() {
  const root = await mkdtemp(join(tmpdir(), 'folder-store-'));
  const server = createReleaseServer({ root, allowedOrigins: ['http://localhost:3000'] }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const publicBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = createFolderReleaseStore({ root, remote: 'mf_cart', publicBase });
  return {
    root,
    store,
    remote: 'mf_cart' as const,
    async close() {
      store.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(root, { recursive: true, force: true });
    },
  };
}

releaseStoreContract('folder store', openFolderStore);

describe('folder store', () => {
  it('writes a brotli file as the build does, decoded beside its .br copy, and leaves no temporary file', async () => {
    const opened = await openFolderStore();
    try {
      const { root, store } = opened;
      const script = 'console.log("panier");\n'.repeat(100);
      await store.putFile('mf_cart', '1.0.0', 'static/js/a.js', brotliCompressSync(script), { contentType: 'text/javascript', contentEncoding: 'br' });
      expect(await readFile(join(root, '1.0.0/static/js/a.js'), 'utf8')).toBe(script);
      expect(await readFile(join(root, '1.0.0/static/js/a.js.br'))).toEqual(brotliCompressSync(script));
      expect((await readdir(join(root, '1.0.0/static/js'))).sort()).toEqual(['a.js', 'a.js.br']);
      expect(store.publicUrl('mf_cart', '1.0.0', 'static/js/a.js')).toBe(`${store.indexUrl('mf_cart').replace('/releases.json', '')}/1.0.0/static/js/a.js`);
    } finally {
      await opened.close();
    }
  });

  it('holds one remote’s releases: any other remote is refused', async () => {
    const opened = await openFolderStore();
    try {
      await expect(opened.store.hasVersion('mf_frame', '1.0.0')).rejects.toThrow(/mf_cart, pas de mf_frame/);
      await expect(opened.store.readIndex('mf_frame')).rejects.toThrow(/pas de mf_frame/);
      expect(() => opened.store.publicUrl('mf_frame', '1.0.0', 'mf-manifest.json')).toThrow(/pas de mf_frame/);
    } finally {
      await opened.close();
    }
  });
});
