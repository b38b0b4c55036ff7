import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { closeServer, listen, urlOf } from '@shop/server-kit/listening-server';
import { createReleaseServer } from '@shop/server-kit/release-server/app';
import { writeFakeRelease, writeStoreIndex } from './fake-releases';

/**
 * A release server per remote (server-kit's, as in production) with fake releases the checks accept or refuse, and a
 * release store on an origin of its own (a bucket's public URL, prefix `/releases`) holding mf_cart's 1.1.0, which
 * release control discovers only when told the store's URL (RELEASES_PUBLIC_URL).
 */
export interface FakeReleaseHosts {
  entry(remote: RemoteName, version: string): string;
  /** The release's folder on disk (to take a file away, as a partial upload or a clean-up would). */
  folder(remote: RemoteName, version: string): string;
  /** The store's public URL (RELEASES_PUBLIC_URL): `<storeUrl>/<remote>/releases.json`, `<storeUrl>/<remote>/<version>/…`. */
  readonly storeUrl: string;
  storeEntry(remote: RemoteName, version: string): string;
  close(): Promise<void>;
}

/** The releases the store holds, per remote (the others have no index there: the store answers 404). */
export const STORE_RELEASES: Partial<Record<RemoteName, string[]>> = { mf_cart: ['1.1.0'] };

export async function startReleaseHosts(): Promise<FakeReleaseHosts> {
  const base = await mkdtemp(join(tmpdir(), 'operations-releases-'));
  const origins = {} as Record<RemoteName, string>;
  const servers: Server[] = [];
  for (const remote of REMOTE_NAMES) {
    const root = join(base, remote);
    await writeFakeRelease(root, remote, '1.0.0');
    if (remote === 'mf_cart') {
      await writeFakeRelease(root, remote, '1.0.1');
      await writeFakeRelease(root, remote, '1.0.2-react18', { react: '^18.2.0' });
      await writeFakeRelease(root, remote, '1.0.3-sans-lignes', { without: './CartLines' });
    }
    const server = await listen(createReleaseServer({ root, allowedOrigins: [] }));
    servers.push(server);
    origins[remote] = urlOf(server);
  }
  // A bucket is files only: server-kit's release server serves them, its own `/releases.json` unused.
  const storeRoot = join(base, 'store');
  for (const [remote, versions] of Object.entries(STORE_RELEASES) as Array<[RemoteName, string[]]>) {
    for (const version of versions) await writeFakeRelease(join(storeRoot, 'releases', remote), remote, version);
    await writeStoreIndex(join(storeRoot, 'releases', remote), versions);
  }
  const store = await listen(createReleaseServer({ root: storeRoot, allowedOrigins: [] }));
  servers.push(store);
  const storeUrl = `${urlOf(store)}/releases`;
  return {
    entry: (remote, version) => `${origins[remote]}/${version}/mf-manifest.json`,
    folder: (remote, version) => join(base, remote, version),
    storeUrl,
    storeEntry: (remote, version) => `${storeUrl}/${remote}/${version}/mf-manifest.json`,
    async close() {
      await Promise.all(servers.map(closeServer));
      await rm(base, { recursive: true, force: true });
    },
  };
}

