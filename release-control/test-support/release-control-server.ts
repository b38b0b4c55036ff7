import { createServer } from 'node:http';
import Koa from 'koa';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemotesStatus } from '@shop/contracts/remotes';
import { closeServer, urlOf } from '@shop/server-kit/listening-server';
import { TRUST_NOBODY, trustedForwarding, type TrustProxy } from '@shop/server-kit/trusted-proxy';
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
  // Listening first, so the shop's public origin can be its own address, as PUBLIC_URL's default is.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = urlOf(server);
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
  server.on('request', app.callback());
  return {
    ...opened,
    url,
    async close() {
      await closeServer(server);
      await opened.close();
    },
  };
}
