import type { Config } from '../config';
import type { AttemptCounter } from './attempt-counter';
import type { CartStore } from './cart-store';
import type { OrderStore } from './order-store';
import { FileCartStore } from './cart-store.file';
import { RedisCartStore } from './cart-store.redis';

/** What the app needs: carts and orders in one store, so placing an order empties the cart atomically; rate limits. */
export type ShopStore = CartStore & OrderStore & AttemptCounter;

/** Redis when REDIS_URL is set (several instances share carts), otherwise the embedded file store. */
export async function openStore(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'dataDir'>): Promise<ShopStore> {
  if (config.redisUrl) return RedisCartStore.connect({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix });
  return FileCartStore.open({ dir: config.dataDir });
}
