import { describe, expect, it } from 'vitest';
import type { StoredLine } from './cart-store';
import { CartReadCache } from './cart-read-cache';
import type { SqlCarts } from './sql-carts';

/** A database stand-in whose reads answer when the test says, with the state the test gives. */
function fakeCarts(clock: () => number = Date.now) {
  let state: StoredLine[] = [];
  const reads: Array<(lines: StoredLine[]) => void> = [];
  let readCount = 0;
  const carts = {
    getCart: () => {
      readCount += 1;
      return new Promise<{ lines: StoredLine[]; updatedAt: number }>((resolve) => reads.push((lines) => resolve({ lines, updatedAt: clock() })));
    },
    addLine: async (_cart: string, productId: string, quantity: number) => {
      state = [{ productId, quantity }];
      return { ok: true as const, lines: state };
    },
  } as unknown as SqlCarts;
  return {
    carts,
    answerRead: (lines: StoredLine[] = state) => reads.shift()!(lines),
    reads: () => readCount,
  };
}

describe('CartReadCache', () => {
  it('serves a cart from memory once read, and reads it again after a change', async () => {
    const db = fakeCarts();
    const cache = new CartReadCache(db.carts, 60_000, Date.now);
    const first = cache.getLines('c');
    db.answerRead([]);
    expect(await first).toEqual([]);
    expect(await cache.getLines('c')).toEqual([]);
    expect(db.reads()).toBe(1);
    await cache.addLine('c', 'sv-001', 2, 99);
    const after = cache.getLines('c');
    db.answerRead();
    expect(await after).toEqual([{ productId: 'sv-001', quantity: 2 }]);
    expect(db.reads()).toBe(2);
  });

  it('never keeps a read that a change overtook: the next read goes to the database', async () => {
    const db = fakeCarts();
    const cache = new CartReadCache(db.carts, 60_000, Date.now);
    const slowRead = cache.getLines('c'); // reads the state before the change…
    await cache.addLine('c', 'sv-001', 1, 99); // …a change is answered meanwhile…
    db.answerRead([]); // …and the old state arrives last
    expect(await slowRead).toEqual([]);
    const next = cache.getLines('c');
    expect(db.reads()).toBe(2); // not served the stale state from memory
    db.answerRead();
    expect(await next).toEqual([{ productId: 'sv-001', quantity: 1 }]);
  });

  it('forgets the least recently used carts beyond its bound, and entries past the time to live', async () => {
    let now = 1_000_000;
    const db = fakeCarts(() => now);
    const cache = new CartReadCache(db.carts, 10_000, () => now, 2);
    for (const id of ['a', 'b', 'c']) {
      const read = cache.getLines(id);
      db.answerRead([{ productId: 'sv-001', quantity: 1 }]);
      await read;
    }
    expect(db.reads()).toBe(3);
    const again = cache.getLines('a'); // evicted: read again
    expect(db.reads()).toBe(4);
    db.answerRead([]);
    await again;
    now += 20_000;
    void cache.getLines('c'); // expired: read again
    expect(db.reads()).toBe(5);
  });
});
