import { describe, expect, it } from 'vitest';
import { redisForFile } from '../../test-support/for-file';
import { RedisRevisionStore } from './redis-revision-store';
import { configAt, revisionStoreContract } from './revision-store.contract';

const redis = redisForFile();

revisionStoreContract('RedisRevisionStore', (initial) => RedisRevisionStore.open(redis.client(), initial, redis.prefix()));

describe('RedisRevisionStore, two shells sharing one Redis', () => {
  it('applies a change made by one shell in the other (pushed by pub/sub), and refuses the other’s stale write', async () => {
    const prefix = redis.prefix('shared');
    const a = await RedisRevisionStore.open(redis.client(), configAt('1.0.0'), prefix);
    // The second shell starts with another file: the configuration already in Redis wins.
    const b = await RedisRevisionStore.open(redis.client(), configAt('9.9.9'), prefix);
    expect(b.live.config).toEqual(configAt('1.0.0'));

    const applied = new Promise<number>((resolve) => b.onChange(() => resolve(performance.now())));
    const started = performance.now();
    await a.commit({ config: configAt('1.0.1'), by: 'amina', reason: null }, 1);
    // Pushed, never polled: milliseconds here; a bound that holds on a loaded machine.
    expect((await applied) - started).toBeLessThan(10_000);
    expect(b.live).toMatchObject({ revision: 2, by: 'amina', config: configAt('1.0.1') });

    const stale = await b.commit({ config: configAt('1.0.2'), by: 'youssef', reason: null }, 1);
    expect(stale.kind).toBe('conflict');
    expect(a.live.revision).toBe(2);
    await Promise.all([a.close(), b.close()]);
  });
});
