import { Redis } from 'ioredis';
import { releaseStoreOriginProblem, type ReleaseControlConfig } from './config';
import type { Logger } from '@shop/server-kit/remotes-config-file';
import { ServerConfigError } from '@shop/server-kit/server-config';
import { edgePurgerForUrls, type EdgePurgeLog, type EdgePurger } from '@shop/server-kit/edge-purge';
import { FileOperatorStore, MemorySessionStore } from './accounts/file-accounts';
import { loginLimits, type LoginLimits, type LoginLimitSettings } from './accounts/login-limits';
import type { OperatorStore, SessionStore } from './shared/operator-store';
import { PasswordChecks } from './accounts/password-checks';
import { RedisOperatorStore, RedisSessionStore } from './accounts/redis-accounts';
import { MemoryTrustedDevices, RedisTrustedDevices, type TrustedDevices } from './accounts/trusted-devices';
import { LiveRemotes } from './live-config/live-remotes';
import { FilePreviewStore, type PreviewStore } from './previews/preview-store';
import { RedisPreviewStore } from './previews/redis-preview-store';

export interface OperationsStores {
  live: LiveRemotes;
  operators: OperatorStore;
  sessions: SessionStore;
  limits: LoginLimits;
  /** Browsers where operators have logged in (their login is not held by others' attempts). */
  devices: TrustedDevices;
  /** Release previews and their links' digests (decision 030). */
  previews: PreviewStore;
  /** The bounded queue of password checks (one at a time, a few waiting). */
  checks: PasswordChecks;
  /** Origins a release may be switched to (ALLOWED_RELEASE_ORIGINS, or those of the file at start). */
  allowedOrigins: string[];
  /** The shared Redis, when there is one (progressive delivery counts and limits there too). */
  redis: { client: Redis; prefix: string } | undefined;
  /** The shared caches in front of the shells (EDGE_PURGE_URLS): purged after each change of the live configuration. */
  edgePurger: EdgePurger;
  close(): Promise<void>;
}

/**
 * The live configuration, operators, sessions and login limits: in Redis when REDIS_URL is set (every shell shares
 * them), else in files beside remotes.json and in memory (one shell). Fails when Redis does not answer at start: a
 * shell must not serve a configuration of its own while the others serve the shared one.
 */
export async function openOperations(
  config: Omit<ReleaseControlConfig, 'canary'>,
  log: Logger & EdgePurgeLog,
  limits: { login?: LoginLimitSettings; passwordChecks?: { concurrency: number; waiting: number } } = {},
): Promise<OperationsStores> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
    redis.on('error', (error: Error) => log.error(`redis: ${error.message}`));
    await redis.connect();
  }
  const shared = redis ? { client: redis, prefix: config.redisPrefix } : undefined;
  const edgePurger = edgePurgerForUrls(config.edgePurgeUrls, log);
  let live: LiveRemotes;
  try {
    live = await LiveRemotes.open({ remotesPath: config.remotesPath, historyPath: config.historyPath, log, purger: edgePurger, ...(shared ? { redis: shared } : {}) });
  } catch (error) {
    redis?.disconnect();
    throw error;
  }
  const allowedOrigins = config.allowedReleaseOrigins ?? [
    ...new Set([...live.current.remotes.map((remote) => new URL(remote.entry).origin), ...(live.current.overrideOrigins ?? [])]),
  ];
  const storeProblem =
    config.releasesPublicUrl &&
    releaseStoreOriginProblem(config.releasesPublicUrl, {
      origins: allowedOrigins,
      from: config.allowedReleaseOrigins ? 'ALLOWED_RELEASE_ORIGINS' : `ALLOWED_RELEASE_ORIGINS is unset: the origins of ${config.remotesPath} at start`,
    });
  if (storeProblem) {
    await live.close();
    redis?.disconnect();
    throw new ServerConfigError('release control', [storeProblem]);
  }
  return {
    live,
    operators: shared ? new RedisOperatorStore(shared.client, shared.prefix) : new FileOperatorStore(config.operatorsPath),
    sessions: shared ? new RedisSessionStore(shared.client, shared.prefix) : new MemorySessionStore(),
    limits: loginLimits(shared, limits.login),
    devices: shared ? new RedisTrustedDevices(shared.client, shared.prefix) : new MemoryTrustedDevices(),
    previews: shared ? new RedisPreviewStore(shared.client, shared.prefix) : new FilePreviewStore(config.previewsPath),
    checks: new PasswordChecks(limits.passwordChecks),
    allowedOrigins,
    redis: shared,
    edgePurger,
    async close() {
      // A purge asked for just before a stop still goes out (the shell gives the whole close a moment, never more).
      await edgePurger.settled();
      await live.close();
      redis?.disconnect();
    },
  };
}
