import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeReleaseHosts } from '@shop/release-control/test-support/release-hosts';
import { openTestReleaseControl, type TestReleaseControl, type TestReleaseControlOptions } from '@shop/release-control/test-support/test-release-control';
import { listeningFirst } from '@shop/release-control/test-support/listening-first';
import { TRUST_NOBODY, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { createShellServer } from '../app';

export { PASSWORD } from '@shop/release-control/test-support/test-release-control';
export { startReleaseHosts, type FakeReleaseHosts } from '@shop/release-control/test-support/release-hosts';

export interface OperationsShell extends Omit<TestReleaseControl, 'control'> {
  url: string;
}

/** The real shell server over HTTP with release control mounted, the live configuration in files or in Redis. */
export async function startOperationsShell(
  options: Omit<TestReleaseControlOptions, 'publicUrl'> & { releases: FakeReleaseHosts; publicUrl?: string; trustProxy?: TrustProxy },
): Promise<OperationsShell> {
  const { url, serve } = await listeningFirst();
  const publicUrl = options.publicUrl ?? url;
  const dir = await mkdtemp(join(tmpdir(), 'operations-shell-'));
  await mkdir(join(dir, 'dist'), { recursive: true });
  await writeFile(join(dir, 'dist/index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  const opened = await openTestReleaseControl({ ...options, publicUrl });
  const app = await createShellServer({
    distDir: join(dir, 'dist'),
    cartServiceUrl: 'http://127.0.0.1:9',
    publicUrl,
    remotes: opened.control.live,
    trustProxy: options.trustProxy ?? TRUST_NOBODY,
    log: { error: () => undefined },
    releaseControl: opened.control,
  });
  return { ...serve(app, opened, () => rm(dir, { recursive: true, force: true })), url };
}
