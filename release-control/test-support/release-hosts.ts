import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { closeServer, listen, urlOf } from '@shop/server-kit/listening-server';
import { createReleaseServer } from '@shop/server-kit/release-server/app';
import { writeFakeRelease } from './fake-releases';

/** A release server per remote (server-kit's, as in production) with fake releases the checks accept or refuse. */
export interface FakeReleaseHosts {
  entry(remote: RemoteName, version: string): string;
  /** The release's folder on disk (to take a file away, as a partial upload or a clean-up would). */
  folder(remote: RemoteName, version: string): string;
  close(): Promise<void>;
}

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
  return {
    entry: (remote, version) => `${origins[remote]}/${version}/mf-manifest.json`,
    folder: (remote, version) => join(base, remote, version),
    async close() {
      await Promise.all(servers.map(closeServer));
      await rm(base, { recursive: true, force: true });
    },
  };
}

