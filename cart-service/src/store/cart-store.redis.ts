import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AddLineResult, CartStore, SetLineResult, StoredLine } from './cart-store';
import { StoreUnavailableError, THIRTY_DAYS_MS } from './cart-store';

export interface RedisCartStoreOptions {
  url: string;
  /** Prepended to every key, so several shops (or test runs) can share one Redis. */
  keyPrefix?: string;
  ttlMs?: number;
  /** Milliseconds before a command or the first connection is given up (answered 503). */
  timeoutMs?: number;
}

/**
 * A cart is one hash `<prefix>cart:<cartId>` (field productId -> quantity). Every change is one Lua script, so it is
 * atomic across all cart-service instances sharing the Redis (two concurrent adds both count), sets the key's
 * expiry to the time to live, and returns the resulting hash in the same round trip.
 */
const ADD_SCRIPT = `
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') or 0
local nextQuantity = current + tonumber(ARGV[2])
if nextQuantity > tonumber(ARGV[3]) then
  return {0, redis.call('HGETALL', KEYS[1])}
end
redis.call('HSET', KEYS[1], ARGV[1], nextQuantity)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, redis.call('HGETALL', KEYS[1])}
`;

const SET_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
  return {0, redis.call('HGETALL', KEYS[1])}
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, redis.call('HGETALL', KEYS[1])}
`;

const REMOVE_SCRIPT = `
local removed = 0
for i = 2, #ARGV do
  removed = removed + redis.call('HDEL', KEYS[1], ARGV[i])
end
if removed > 0 and redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return redis.call('HGETALL', KEYS[1])
`;

class LuaScript {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, key: string, args: Array<string | number>): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, 1, key, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, 1, key, ...args);
    }
  }
}

const addScript = new LuaScript(ADD_SCRIPT);
const setScript = new LuaScript(SET_SCRIPT);
const removeScript = new LuaScript(REMOVE_SCRIPT);

export class RedisCartStore implements CartStore {
  readonly kind = 'redis' as const;
  private readonly prefix: string;
  private readonly ttlMs: number;

  private constructor(
    private readonly redis: Redis,
    options: RedisCartStoreOptions,
  ) {
    this.prefix = options.keyPrefix ?? 'shop:';
    this.ttlMs = options.ttlMs ?? THIRTY_DAYS_MS;
  }

  /** Connects (failing with a clear message when Redis cannot be reached) and returns the store. */
  static async connect(options: RedisCartStoreOptions): Promise<RedisCartStore> {
    const timeoutMs = options.timeoutMs ?? 2000;
    const redis = new Redis(options.url, {
      lazyConnect: true,
      // Fail fast instead of queueing while disconnected: the request answers 503, the client retries.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    redis.on('error', () => {
      // Connection errors surface as failed commands (503) and in /readyz; without a listener ioredis prints them.
    });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      throw new StoreUnavailableError(`Cannot reach Redis at ${describeUrl(options.url)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return new RedisCartStore(redis, options);
  }

  async getLines(cartId: string): Promise<StoredLine[]> {
    const hash = await this.call(() => this.redis.hgetall(this.cartKey(cartId)));
    return linesFromHash(Object.entries(hash));
  }

  async addLine(cartId: string, productId: string, quantity: number, maxQuantity: number): Promise<AddLineResult> {
    const [ok, flat] = parseScriptReply(
      await this.call(() => addScript.run(this.redis, this.cartKey(cartId), [productId, quantity, maxQuantity, this.ttlMs])),
    );
    const lines = linesFromFlat(flat);
    return ok ? { ok: true, lines } : { ok: false, reason: 'over_max', lines };
  }

  async setLine(cartId: string, productId: string, quantity: number): Promise<SetLineResult> {
    const [ok, flat] = parseScriptReply(
      await this.call(() => setScript.run(this.redis, this.cartKey(cartId), [productId, quantity, this.ttlMs])),
    );
    const lines = linesFromFlat(flat);
    return ok ? { ok: true, lines } : { ok: false, reason: 'absent', lines };
  }

  async removeLines(cartId: string, productIds: readonly string[]): Promise<StoredLine[]> {
    if (productIds.length === 0) return this.getLines(cartId);
    const reply = await this.call(() => removeScript.run(this.redis, this.cartKey(cartId), [this.ttlMs, ...productIds]));
    return linesFromFlat(reply);
  }

  async addSubscriber(email: string): Promise<{ created: boolean }> {
    const created = await this.call(() =>
      this.redis.hsetnx(`${this.prefix}newsletter:subscribers`, email, new Date().toISOString()),
    );
    return { created: created === 1 };
  }

  async ping(): Promise<void> {
    await this.call(() => this.redis.ping());
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  private cartKey(cartId: string): string {
    return `${this.prefix}cart:${cartId}`;
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(`Redis command failed: ${(error as Error).message}`, { cause: error });
    }
  }
}

function parseScriptReply(reply: unknown): [boolean, unknown] {
  if (!Array.isArray(reply) || reply.length !== 2) throw new StoreUnavailableError('Unexpected reply from Redis.');
  return [reply[0] === 1, reply[1]];
}

function linesFromFlat(flat: unknown): StoredLine[] {
  if (!Array.isArray(flat)) return [];
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([String(flat[i]), String(flat[i + 1])]);
  return linesFromHash(pairs);
}

/** Ignores anything that is not a positive integer quantity (a hand-edited key cannot break the answer). */
function linesFromHash(pairs: Array<[string, string]>): StoredLine[] {
  const lines: StoredLine[] = [];
  for (const [productId, value] of pairs) {
    const quantity = Number(value);
    if (Number.isSafeInteger(quantity) && quantity > 0) lines.push({ productId, quantity });
  }
  return lines;
}

/** The URL without its password, for log lines. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid REDIS_URL)';
  }
}
