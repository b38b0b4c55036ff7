import { Redis } from 'ioredis';
import { remotesFileFor } from '@shop/server-kit/embedded-remotes';
import { loadReleaseControlConfig } from '../config';
import { FileOperatorStore } from '../accounts/file-accounts';
import type { OperatorStore } from '../shared/operator-store';
import { RedisOperatorStore } from '../accounts/redis-accounts';

/**
 * The accounts' store the shell runs with, for the commands (`operators`, `teams`): beside the remotes file
 * (REMOTES_CONFIG; the shell's embedded one by default), or in Redis with REDIS_URL.
 */
export function openAccountStore(): { store: OperatorStore; where: string; close(): void } {
  const operations = loadReleaseControlConfig(remotesFileFor(process.env.REMOTES_CONFIG).path);
  const redis = operations.redisUrl ? new Redis(operations.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  return {
    store: redis ? new RedisOperatorStore(redis, operations.redisPrefix) : new FileOperatorStore(operations.operatorsPath),
    where: redis ? `Redis (${operations.redisPrefix}operators)` : operations.operatorsPath,
    close: () => redis?.disconnect(),
  };
}
