import Koa from 'koa';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemotesStatus } from '@shop/contracts/remotes';
import { TRUST_NOBODY, trustedForwarding, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { listeningFirst } from './listening-first';
import { openTestReleaseControl, type TestReleaseControl, type TestReleaseControlOptions } from './test-release-control';

export interface ReleaseControlServer extends TestReleaseControl {
  url: string;
}

/**
 * Release control alone over real HTTP, as the shell mounts it (`/operations`, `/telemetry`), without a shop around it:
 * every configured release is reported up. Pages with view tokens need the shell (its tests mount release control).
 */
export async function startReleaseControlServer(
  options: Omit<TestReleaseControlOptions, 'publicUrl'> & { publicUrl?: string; trustProxy?: TrustProxy },
): Promise<ReleaseControlServer> {
  const { url, serve } = await listeningFirst();
  const opened = await openTestReleaseControl({ ...options, publicUrl: options.publicUrl ?? url });
  const status = async (): Promise<RemotesStatus> => ({
    checkedAt: new Date().toISOString(),
    remotes: opened.control.live.current.remotes.map((remote) => ({ ...remote, version: releaseVersionOf(remote.entry), up: true, ms: 1 })),
  });
  const app = new Koa();
  // ctx.ip and ctx.protocol read the X-Forwarded-* headers trustedForwarding has rewritten, as in the shell.
  app.proxy = true;
  app.use(trustedForwarding(options.trustProxy ?? TRUST_NOBODY));
  app.use(opened.control.routes(status));
  return { ...serve(app, opened), url };
}
