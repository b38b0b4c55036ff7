import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A key this shell signs with, for `purpose`: random per process on its own (what it signed ends with a restart), or
 * drawn once in the shared Redis so every shell verifies what any of them signed (the first shell to start writes it;
 * SET NX makes concurrent starts agree). It never leaves the shells and their Redis.
 */
export async function sharedSecret(purpose: string, redis?: { client: Redis; prefix: string }): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  if (!redis) return Buffer.from(fresh, 'base64url');
  const key = `${redis.prefix}secret:${purpose}`;
  await redis.client.set(key, fresh, 'NX');
  const stored = await redis.client.get(key);
  if (!stored) throw new Error(`the shared secret ${key} could not be read from Redis`);
  return Buffer.from(stored, 'base64url');
}
