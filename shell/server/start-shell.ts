import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { loadReleaseControlConfig, openReleaseControl, type ReleaseControl } from '@shop/release-control/server';
import { GracefulStop } from '@shop/server-kit/graceful-stop';
import type { Logger } from '@shop/server-kit/logger';
import type { Tracing } from '@shop/server-kit/tracing/start-tracing';
import type { TracingSettings } from '@shop/server-kit/tracing/tracing-settings';
import { seedRemotesFile } from '@shop/server-kit/embedded-remotes';
import { RemotesConfigFile } from '@shop/server-kit/remotes-config-file';
import { createShellServer } from './app';
import type { ShellConfig } from './config';
import { ReleaseFiles } from './render/release-files';
import { ReleaseLanes } from './render/release-lanes';
import { shellSharedVersions } from './shared-versions';

/** How often the shell looks for ended previews whose renderer lane is still open. */
const PREVIEW_SWEEP_MS = 5000;

export interface ShellStart {
  config: ShellConfig;
  logger: Logger;
  /** This process's tracing (null: off), and the settings its renderers get (decision 035). */
  tracing: Tracing | null;
  tracingSettings: TracingSettings | null;
}

/** Opens the live configuration, starts the renderers and the server; SIGTERM/SIGINT drain and stop them. */
export async function startShell({ config, logger, tracing, tracingSettings }: ShellStart): Promise<void> {
  let releaseControlConfig;
  try {
    releaseControlConfig = config.releaseControl ? loadReleaseControlConfig(config.remotesPath) : null;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { remotesPath, trustProxy } = config;

  // The live configuration: release control's (revisions in files or Redis, switched from the console), or with
  // RELEASE_CONTROL=off the remotes file as it is on disk.
  let control: ReleaseControl | null = null;
  let file: RemotesConfigFile | null = null;
  try {
    if (config.remotesSeed && (await seedRemotesFile(remotesPath, config.remotesSeed))) {
      logger.info({ remotes: remotesPath, seed: config.remotesSeed }, 'remotes file started from its seed');
    }
    control = releaseControlConfig
      ? await openReleaseControl({
          config: releaseControlConfig,
          shellShared: await shellSharedVersions(config.distDir),
          requireServerBuild: config.serverRendering,
          cartServiceUrl: config.cartServiceUrl,
          publicUrl: config.publicUrl,
          log: logger,
        })
      : null;
    if (!control) file = await RemotesConfigFile.open(remotesPath, { info: (m) => logger.info(m), error: (m) => logger.error(m) });
  } catch (error) {
    // Plain text on stderr for the operator, and the log line.
    const reason = (error as Error).message;
    console.error(`shell cannot start: the remotes configuration (${releaseControlConfig?.redisUrl ? 'Redis' : remotesPath}) is unusable: ${reason}`);
    logger.fatal({ remotes: remotesPath, reason }, 'shell cannot start: the remotes configuration is unusable');
    process.exit(1);
  }
  const remotes: { readonly current: RemotesConfig } = control?.live ?? file!;

  // Pages are rendered on the server by renderer processes with the least privilege Node offers, one per remotes
  // configuration (decisions 017 and 027; two while a canary runs, decision 021). A build without the shell's Node bundle
  // (the dev server's) leaves rendering to the browser.
  const bundlePath = join(config.distDir, 'server', 'server-render.mjs');
  const renderer =
    config.serverRendering && existsSync(bundlePath)
      ? new ReleaseLanes(() => remotes.current, {
          bundlePath,
          apiOrigin: config.cartServiceUrl,
          deadlineMs: config.renderDeadlineMs,
          loadTimeoutMs: 5000,
          releaseFiles: new ReleaseFiles({ cacheDir: config.releaseCacheDir, timeoutMs: 5000, log: logger }),
          log: logger,
          ...(control ? { onRefused: control.refusedAccess } : {}),
          rendererSocket: config.rendererSocket,
          // A renderer sends its spans to the same collector, under a name of its own, never with its credentials.
          tracing: tracingSettings && { ...tracingSettings, headers: {}, serviceName: `${tracingSettings.serviceName}-renderer` },
        }, config.previewRenderers)
      : undefined;
  void renderer?.start();
  // A preview ended (revoked or expired, maybe from another shell) has its renderer lane closed within seconds.
  const previewSweep = control && renderer ? setInterval(() => void renderer.previews.sweep((id) => control.previews.isOpen(id)), PREVIEW_SWEEP_MS) : undefined;
  previewSweep?.unref();
  const stopping = new GracefulStop();
  const app = await createShellServer({
    draining: () => stopping.draining,
    distDir: config.distDir,
    cartServiceUrl: config.cartServiceUrl,
    publicUrl: config.publicUrl,
    remotes,
    trustProxy,
    log: logger,
    renderer,
    ...(control ? { releaseControl: control } : {}),
  });
  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      {
        url: `http://localhost:${port}`,
        publicUrl: config.publicUrl,
        remotes: remotesPath,
        cartService: config.cartServiceUrl,
        trustedProxies: trustProxy.description,
        serverRendering: renderer ? `on, deadline ${config.renderDeadlineMs} ms, ${config.previewRenderers} preview lanes` : 'off',
        releaseControl: releaseControlConfig
          ? releaseControlConfig.redisUrl
            ? `on, shared in Redis (${releaseControlConfig.redisPrefix})`
            : `on, files beside ${remotesPath}`
          : `off, ${remotesPath} as it is on disk`,
        releaseOrigins: control?.allowedOrigins,
        metrics: control?.metricsUrl ?? 'off',
      },
      'shell listening',
    );
    logger.flush();
  });
  // Bound slow or stuck clients (a body trickled byte by byte cannot hold a connection forever).
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;

  // Behind a load balancer (SHUTDOWN_DRAIN_MS), /readyz turns 503 and pages are still served until it has noticed;
  // then the port closes and requests already running finish. A second signal stops at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping.draining) process.exit(0);
      logger.info({ signal, drainMs: config.drainMs }, 'shell stopping');
      void stopping.stop([server], { drainMs: config.drainMs }).then(async () => {
        clearInterval(previewSweep);
        // Redis and the renderers get a moment to close cleanly, never a say in whether the process ends.
        await Promise.race([Promise.allSettled([control?.close(), renderer?.close(), tracing?.shutdown()]), new Promise((r) => setTimeout(r, 2_000))]);
        file?.close();
        process.exit(0);
      });
    });
  }
}
