import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { OrderStatus } from '@shop/contracts/orders';
import type { AddLineResult, CartStore, SetLineResult, StoredLine } from './cart-store';
import { StoreUnavailableError, THIRTY_DAYS_MS } from './cart-store';
import type { OrderStore, PlaceOrderResult, SetStatusResult, StoredOrder } from './order-store';
import type { AttemptCounter, WindowCount } from './attempt-counter';
import { IDEMPOTENCY_TTL_MS, linesSignature } from './order-store';

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

/**
 * An order is a hash `<prefix>order:<number>` {data: the frozen order as JSON, status, updatedAt}, listed in the
 * sorted set `<prefix>orders` by creation time; an idempotency key is `<prefix>idem:<session>:<key>` -> number, kept
 * for the session that placed the order and for the owner's session.
 * KEYS: cart, idempotency key of the placing session, order, index, idempotency key of the owner's session.
 * ARGV: expected lines signature, data, status, createdAt, key TTL, number.
 * Replies {1} placed, {2, number} replayed, {3} number taken, {4} cart changed.
 */
const PLACE_ORDER_SCRIPT = `
local existing = redis.call('GET', KEYS[2])
if existing then return {2, existing} end
if redis.call('EXISTS', KEYS[3]) == 1 then return {3} end
local flat = redis.call('HGETALL', KEYS[1])
local entries = {}
for i = 1, #flat, 2 do entries[#entries + 1] = flat[i] .. '=' .. flat[i + 1] end
table.sort(entries)
if table.concat(entries, ',') ~= ARGV[1] then return {4} end
redis.call('HSET', KEYS[3], 'data', ARGV[2], 'status', ARGV[3], 'updatedAt', ARGV[4])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[6])
redis.call('SET', KEYS[2], ARGV[6], 'PX', ARGV[5])
redis.call('SET', KEYS[5], ARGV[6], 'PX', ARGV[5])
redis.call('DEL', KEYS[1])
return {1}
`;

/** KEYS: order. ARGV: new status, updatedAt, then the statuses it may change from. {0} absent, {1} set, {2} refused. */
const SET_STATUS_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'status')
if not current then return {0} end
for i = 3, #ARGV do
  if ARGV[i] == current then
    redis.call('HSET', KEYS[1], 'status', ARGV[1], 'updatedAt', ARGV[2])
    return {1}
  end
end
return {2}
`;

/** KEYS: counter. ARGV: window. A fixed window: the first attempt starts it. One atomic step. Replies {count, ms left}. */
const COUNT_ATTEMPT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/** KEYS: counter. Takes one attempt back, never below zero, keeping the window's expiry. */
const REFUND_ATTEMPT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

class LuaScript {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: string | string[], args: Array<string | number>): Promise<unknown> {
    const keyList = typeof keys === 'string' ? [keys] : keys;
    try {
      return await redis.evalsha(this.sha, keyList.length, ...keyList, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keyList.length, ...keyList, ...args);
    }
  }
}

const addScript = new LuaScript(ADD_SCRIPT);
const setScript = new LuaScript(SET_SCRIPT);
const removeScript = new LuaScript(REMOVE_SCRIPT);
const placeOrderScript = new LuaScript(PLACE_ORDER_SCRIPT);
const setStatusScript = new LuaScript(SET_STATUS_SCRIPT);
const countAttemptScript = new LuaScript(COUNT_ATTEMPT_SCRIPT);
const refundAttemptScript = new LuaScript(REFUND_ATTEMPT_SCRIPT);

export class RedisCartStore implements CartStore, OrderStore, AttemptCounter {
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

  async placeOrder(order: StoredOrder, idempotencyKey: string, expectedLines: readonly StoredLine[]): Promise<PlaceOrderResult> {
    const { status, updatedAt, ...frozen } = order;
    const keys = [
      this.cartKey(order.placedBy),
      this.idemKey(order.placedBy, idempotencyKey),
      this.orderKey(order.number),
      this.ordersKey(),
      this.idemKey(order.ownerId, idempotencyKey),
    ];
    const args = [linesSignature(expectedLines), JSON.stringify(frozen), status, updatedAt, IDEMPOTENCY_TTL_MS, order.number];
    const reply = await this.call(() => placeOrderScript.run(this.redis, keys, args));
    if (!Array.isArray(reply)) throw new StoreUnavailableError('Unexpected reply from Redis.');
    switch (reply[0]) {
      case 1:
        return { kind: 'placed', order };
      case 2: {
        const replayed = await this.getOrder(String(reply[1]));
        if (!replayed) throw new StoreUnavailableError('An idempotency key points to a missing order.');
        return { kind: 'replayed', order: replayed };
      }
      case 3:
        return { kind: 'number_taken' };
      default:
        return { kind: 'cart_changed' };
    }
  }

  async findByIdempotencyKey(sessionId: string, idempotencyKey: string): Promise<StoredOrder | undefined> {
    const number = await this.call(() => this.redis.get(this.idemKey(sessionId, idempotencyKey)));
    return number === null ? undefined : this.getOrder(number);
  }

  async getOrder(number: string): Promise<StoredOrder | undefined> {
    const hash = await this.call(() => this.redis.hgetall(this.orderKey(number)));
    return orderFromHash(hash);
  }

  async listOrders(): Promise<StoredOrder[]> {
    const numbers = await this.call(() => this.redis.zrevrange(this.ordersKey(), 0, -1));
    if (numbers.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const number of numbers) pipeline.hgetall(this.orderKey(number));
    const replies = (await this.call(() => pipeline.exec())) ?? [];
    const orders: StoredOrder[] = [];
    for (const [error, hash] of replies) {
      if (error) throw new StoreUnavailableError(`Redis command failed: ${error.message}`, { cause: error });
      const order = orderFromHash(hash as Record<string, string>);
      if (order) orders.push(order);
    }
    return orders;
  }

  async setOrderStatus(number: string, status: OrderStatus, from: readonly OrderStatus[], at: number): Promise<SetStatusResult> {
    const reply = await this.call(() => setStatusScript.run(this.redis, this.orderKey(number), [status, at, ...from]));
    const outcome = Array.isArray(reply) ? reply[0] : undefined;
    const order = await this.getOrder(number);
    if (outcome === 0 || !order) return { kind: 'not_found' };
    return outcome === 1 ? { kind: 'updated', order } : { kind: 'invalid_transition', order };
  }

  async countAttempt(key: string, windowMs: number): Promise<WindowCount> {
    const reply = await this.call(() => countAttemptScript.run(this.redis, this.attemptsKey(key), [windowMs]));
    if (!Array.isArray(reply)) throw new StoreUnavailableError('Unexpected reply from Redis.');
    return { count: Number(reply[0]), resetInMs: Math.max(0, Number(reply[1])) };
  }

  async refundAttempt(key: string): Promise<void> {
    await this.call(() => refundAttemptScript.run(this.redis, this.attemptsKey(key), []));
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

  private orderKey(number: string): string {
    return `${this.prefix}order:${number}`;
  }

  private ordersKey(): string {
    return `${this.prefix}orders`;
  }

  private idemKey(ownerId: string, idempotencyKey: string): string {
    return `${this.prefix}idem:${ownerId}:${idempotencyKey}`;
  }

  private attemptsKey(key: string): string {
    return `${this.prefix}attempts:${key}`;
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

/** An order hash back to a StoredOrder; a key edited by hand into another shape reads as absent. */
function orderFromHash(hash: Record<string, string>): StoredOrder | undefined {
  if (!hash['data'] || !hash['status']) return undefined;
  try {
    const frozen = JSON.parse(hash['data']) as Omit<StoredOrder, 'status' | 'updatedAt' | 'placedBy'> & { placedBy?: string };
    return {
      ...frozen,
      // Orders stored before session rotation have no placedBy: the session that placed them is their owner.
      placedBy: frozen.placedBy ?? frozen.ownerId,
      status: hash['status'] as OrderStatus,
      updatedAt: Number(hash['updatedAt'] ?? frozen.createdAt),
    };
  } catch {
    return undefined;
  }
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
