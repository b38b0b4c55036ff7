import { describe, expect, it } from 'vitest';
import { storesClosedAfterEach, type BackingFactory } from '../test-support/databases';

/** The rate-limit counting every store must have; run against every backing by sql-store.test.ts. */
export function attemptCounterContract(name: string, createBacking: BackingFactory): void {
  describe(`AttemptCounter contract: ${name}`, () => {
    const stores = storesClosedAfterEach(createBacking);
    const open = async () => (await stores.open()).store;

    it('counts attempts per key within a fixed window, and takes one back on refund', async () => {
      const store = await open();
      expect((await store.countAttempt('track:203.0.113.7', 60_000)).count).toBe(1);
      const second = await store.countAttempt('track:203.0.113.7', 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(50_000);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
      expect((await store.countAttempt('track:198.51.100.1', 60_000)).count).toBe(1);
      await store.refundAttempt('track:203.0.113.7');
      expect((await store.countAttempt('track:203.0.113.7', 60_000)).count).toBe(2);
      // A refund of a key never counted stays at zero.
      await store.refundAttempt('track:192.0.2.1');
      await store.refundAttempt('track:192.0.2.1');
      expect((await store.countAttempt('track:192.0.2.1', 60_000)).count).toBe(1);
    });

    it('starts a new window once the last one has ended', async () => {
      const store = await open();
      await store.countAttempt('admin:203.0.113.7', 50);
      await store.countAttempt('admin:203.0.113.7', 50);
      await expect.poll(async () => (await store.countAttempt('admin:203.0.113.7', 50)).count, { timeout: 2000, interval: 60 }).toBe(1);
    });

    it('counts 1,000 concurrent attempts atomically: each count is seen exactly once', async () => {
      const store = await open();
      const counts = await Promise.all(Array.from({ length: 1000 }, () => store.countAttempt('track:198.51.100.7', 60_000)));
      const seen = counts.map((c) => c.count).sort((a, b) => a - b);
      expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      expect(counts.filter((c) => c.count <= 5)).toHaveLength(5);
    });
  });
}
