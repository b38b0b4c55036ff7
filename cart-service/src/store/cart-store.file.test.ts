import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { cartStoreContract, type StoreBacking } from './cart-store.contract';
import { attemptCounterContract } from './attempt-counter.contract';
import { orderStoreContract } from './order-store.contract';
import { FileCartStore } from './cart-store.file';

const fileBacking = async (): Promise<StoreBacking> => {
  const dir = await tempDir();
  return {
    open: (options) => FileCartStore.open({ dir: dir.path, ...options }),
    dispose: () => dir.remove(),
  };
};

cartStoreContract('file', fileBacking);
orderStoreContract('file', fileBacking);
attemptCounterContract('file', fileBacking);

describe('FileCartStore', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function dir() {
    const d = await tempDir();
    cleanups.push(d.remove);
    return d.path;
  }

  async function open(path: string, now?: () => number, ttlMs?: number) {
    const store = await FileCartStore.open({ dir: path, ...(now ? { now } : {}), ...(ttlMs ? { ttlMs } : {}) });
    cleanups.push(() => store.close());
    return store;
  }

  it('writes carts.json atomically: a reader never sees a half-written file, and no temporary file is left', async () => {
    const path = await dir();
    const store = await open(path);
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const text = await readFile(join(path, 'carts.json'), 'utf8').catch(() => null);
        if (text !== null) {
          expect(() => JSON.parse(text)).not.toThrow();
          reads += 1;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.addLine(`cart-${i}-${'x'.repeat(200)}`, 'sv-001', 1, 99)));
    }
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    const data = JSON.parse(await readFile(join(path, 'carts.json'), 'utf8'));
    expect(data.carts).toHaveLength(10);
    expect(data.carts[0].lines).toEqual([['sv-001', 20]]);
    expect((await readdir(path)).sort()).toEqual(['cart-service.lock', 'carts.json']);
  });

  it('expires a cart 30 days after its last change, and a change pushes the expiry back', async () => {
    const path = await dir();
    let now = Date.parse('2026-01-01T00:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const store = await open(path, () => now);
    await store.addLine('a', 'sv-001', 1, 99);
    await store.addLine('b', 'sv-001', 1, 99);
    now += 20 * day;
    await store.setLine('a', 'sv-001', 2); // a's last change is now day 20
    expect(await store.getLines('b')).toHaveLength(1); // reading does not refresh
    now += 10 * day; // day 30: b expires, a lives until day 50
    expect(await store.getLines('b')).toEqual([]);
    expect(await store.getLines('a')).toEqual([{ productId: 'sv-001', quantity: 2 }]);
    now += 20 * day - 1;
    expect(await store.getLines('a')).toHaveLength(1);
    now += 1;
    expect(await store.getLines('a')).toEqual([]);
  });

  it('prunes expired carts from the file on the next write', async () => {
    const path = await dir();
    let now = 1_000_000;
    const store = await open(path, () => now, 1000);
    await store.addLine('old', 'sv-001', 1, 99);
    now += 2000;
    await store.addLine('new', 'sv-001', 1, 99);
    const data = JSON.parse(await readFile(join(path, 'carts.json'), 'utf8'));
    expect(data.carts.map((c: { id: string }) => c.id)).toEqual(['new']);
  });

  it('refuses a second store on the same directory while the first is open', async () => {
    const path = await dir();
    const first = await open(path);
    await expect(FileCartStore.open({ dir: path })).rejects.toThrow(/already open/);
    await first.close();
    const second = await open(path);
    await expect(second.ping()).resolves.toBeUndefined();
  });

  it('refuses a directory locked by another live process, and takes over a lock left by a dead one', async () => {
    const path = await dir();
    await writeFile(join(path, 'cart-service.lock'), `${process.ppid}\n`);
    await expect(FileCartStore.open({ dir: path })).rejects.toThrow(/in use by another cart-service \(pid \d+\)/);
    await writeFile(join(path, 'cart-service.lock'), '2147483646\n');
    const store = await open(path);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('reads orders stored before session rotation (no placedBy): the session that placed them stays their owner', async () => {
    const path = await dir();
    const owner = 'sdDwuNnXszaOBXlaNvrObo3EtHdRO-v5';
    const legacy = {
      number: 'K7M2-Q9XP',
      ownerId: owner,
      status: 'reçue',
      createdAt: 1_760_000_000_000,
      updatedAt: 1_760_000_000_000,
      lines: [{ productId: 'sv-001', name: 'Crème', price: 149.9, quantity: 1, images: [] }],
      total: 149.9,
      delivery: { fullName: 'Amina Berrada', phone: '+212612345678', city: 'Rabat', address: '12, avenue Mohammed V' },
    };
    const idempotency = [{ ownerId: owner, key: 'legacy-key-1', number: legacy.number, expiresAt: Date.now() + 60_000 }];
    await writeFile(join(path, 'orders.json'), JSON.stringify({ version: 1, orders: [legacy], idempotency }));
    const store = await open(path);
    const expected = { ...legacy, placedBy: owner };
    expect(await store.getOrder(legacy.number)).toEqual(expected);
    expect(await store.findByIdempotencyKey(owner, 'legacy-key-1')).toEqual(expected);
    expect(await store.listOrders()).toEqual([expected]);
    // The next write stores the field.
    await store.setOrderStatus(legacy.number, 'confirmée', ['reçue'], legacy.createdAt + 1);
    const written = JSON.parse(await readFile(join(path, 'orders.json'), 'utf8'));
    expect(written.orders[0]).toMatchObject({ ownerId: owner, placedBy: owner, status: 'confirmée' });
  });

  it('does not start on a corrupt carts.json, and says what to do', async () => {
    const path = await dir();
    await writeFile(join(path, 'carts.json'), '{"version":1,"carts":[{"id":"a"');
    await expect(FileCartStore.open({ dir: path })).rejects.toThrow(/carts\.json is not valid JSON\. Restore it from a backup or move it away/);
    await writeFile(join(path, 'carts.json'), '{"version":1,"carts":[{"id":"a","updatedAt":1,"lines":[["sv-001",-2]]}]}');
    await expect(FileCartStore.open({ dir: path })).rejects.toThrow(/does not have the expected shape/);
    // The lock is released after a failed open.
    await writeFile(join(path, 'carts.json'), '{"version":1,"carts":[]}');
    const store = await open(path);
    expect(await store.getLines('a')).toEqual([]);
  });
});
