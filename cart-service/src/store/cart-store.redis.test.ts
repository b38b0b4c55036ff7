import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../test-support/redis-server';
import { cartStoreContract, type StoreBacking } from './cart-store.contract';
import { attemptCounterContract } from './attempt-counter.contract';
import { orderStoreContract } from './order-store.contract';
import { StoreUnavailableError } from './cart-store';
import { RedisCartStore } from './cart-store.redis';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

const prefix = () => `test:${randomBytes(6).toString('hex')}:`;

const redisBacking = async (): Promise<StoreBacking> => {
  const keyPrefix = prefix();
  return {
    open: (options) => RedisCartStore.connect({ url: redis.url, keyPrefix, ...options }),
    dispose: async () => undefined,
  };
};

cartStoreContract('redis', redisBacking);
orderStoreContract('redis', redisBacking);
attemptCounterContract('redis', redisBacking);

describe('RedisCartStore', () => {
  it('keeps a cart in one hash with a 30-day expiry, refreshed by changes but not by reads', async () => {
    const keyPrefix = prefix();
    const store = await RedisCartStore.connect({ url: redis.url, keyPrefix });
    const client = new Redis(redis.url);
    try {
      await store.addLine('cart1', 'sv-001', 2, 99);
      const key = `${keyPrefix}cart:cart1`;
      expect(await client.hgetall(key)).toEqual({ 'sv-001': '2' });
      const thirtyDays = 30 * 24 * 60 * 60 * 1000;
      expect(await client.pttl(key)).toBeGreaterThan(thirtyDays - 60_000);
      await client.pexpire(key, 60_000);
      await store.getLines('cart1');
      expect(await client.pttl(key)).toBeLessThanOrEqual(60_000);
      await store.setLine('cart1', 'sv-001', 3);
      expect(await client.pttl(key)).toBeGreaterThan(thirtyDays - 60_000);
      await client.pexpire(key, 60_000);
      await store.removeLines('cart1', ['sh-001']); // nothing removed: no refresh
      expect(await client.pttl(key)).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
      await store.close();
    }
  });

  it('ignores hand-edited garbage in a cart hash', async () => {
    const keyPrefix = prefix();
    const store = await RedisCartStore.connect({ url: redis.url, keyPrefix });
    const client = new Redis(redis.url);
    try {
      await client.hset(`${keyPrefix}cart:c`, { 'sv-001': '2', 'sv-002': 'abc', 'sv-003': '-1', 'sv-004': '1.5' });
      expect(await store.getLines('c')).toEqual([{ productId: 'sv-001', quantity: 2 }]);
    } finally {
      client.disconnect();
      await store.close();
    }
  });

  it('fails to connect with a clear message when Redis is unreachable', async () => {
    const down = await startRedisServer();
    await down.stop();
    await expect(RedisCartStore.connect({ url: down.url, timeoutMs: 500 })).rejects.toThrow(
      new RegExp(`Cannot reach Redis at redis://127\\.0\\.0\\.1:${down.port}`),
    );
  });

  it('answers StoreUnavailableError (503 upstream) when Redis goes away, and recovers when it is back', async () => {
    const own = await startRedisServer();
    const store = await RedisCartStore.connect({ url: own.url, timeoutMs: 500 });
    try {
      await store.addLine('c', 'sv-001', 1, 99);
      await own.stop();
      await expect(store.getLines('c')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await own.restart();
      // ioredis reconnects on its own (retry strategy); no data since this server is not persistent.
      await expect.poll(() => store.ping().then(() => 'up', () => 'down'), { timeout: 10_000, interval: 100 }).toBe('up');
      expect(await store.getLines('c')).toEqual([]);
    } finally {
      await store.close();
      await own.stop();
    }
  });

  it('reads orders stored before session rotation (no placedBy): the session that placed them stays their owner', async () => {
    const keyPrefix = prefix();
    const store = await RedisCartStore.connect({ url: redis.url, keyPrefix });
    const client = new Redis(redis.url);
    try {
      const owner = 'sdDwuNnXszaOBXlaNvrObo3EtHdRO-v5';
      const frozen = {
        number: 'K7M2-Q9XP',
        ownerId: owner,
        createdAt: 1_760_000_000_000,
        lines: [{ productId: 'sv-001', name: 'Crème', price: 149.9, quantity: 1, images: [] }],
        total: 149.9,
        delivery: { fullName: 'Amina Berrada', phone: '+212612345678', city: 'Rabat', address: '12, avenue Mohammed V' },
      };
      await client.hset(`${keyPrefix}order:K7M2-Q9XP`, { data: JSON.stringify(frozen), status: 'reçue', updatedAt: '1760000000000' });
      await client.zadd(`${keyPrefix}orders`, 1_760_000_000_000, 'K7M2-Q9XP');
      await client.set(`${keyPrefix}idem:${owner}:legacy-key-1`, 'K7M2-Q9XP', 'PX', 60_000);
      const expected = { ...frozen, placedBy: owner, status: 'reçue', updatedAt: 1_760_000_000_000 };
      expect(await store.getOrder('K7M2-Q9XP')).toEqual(expected);
      expect(await store.findByIdempotencyKey(owner, 'legacy-key-1')).toEqual(expected);
      expect(await store.listOrders()).toEqual([expected]);
    } finally {
      client.disconnect();
      await store.close();
    }
  });

  it('fails (does not skip) with a clear message when redis-server is missing', async () => {
    await expect(startRedisServer({ bin: '/nonexistent/redis-server' })).rejects.toThrow(
      /redis-server not found at \/nonexistent\/redis-server: the Redis store tests need a real Redis/,
    );
  });
});
