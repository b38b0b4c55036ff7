import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newDataDir } from '../test-support/databases';
import { requestFingerprint } from './request-fingerprint';
import { openStore } from './open-store';

describe('upgrading from the JSON files of the previous release', () => {
  it('imports orders, idempotency keys, carts and sign-ups once, then renames the files', async () => {
    const dir = await newDataDir();
    try {
      const now = Date.now();
      const order = {
        number: 'LGCY-0001', ownerId: 'owner-session', placedBy: 'placing-session', status: 'confirmée', createdAt: now - 60_000, updatedAt: now - 30_000,
        lines: [{ productId: 'sv-001', name: 'Sérum', price: 289, quantity: 2, images: ['/images/a.svg'] }], total: 578,
        delivery: { fullName: 'Amina Berrada', phone: '+212612345678', city: 'Rabat', address: '12, avenue Mohammed V' },
      };
      await writeFile(join(dir.path, 'orders.json'), JSON.stringify({ version: 1, orders: [order], idempotency: [{ ownerId: 'placing-session', key: 'legacy-key-1', number: 'LGCY-0001', expiresAt: now + 3_600_000 }] }));
      await writeFile(join(dir.path, 'carts.json'), JSON.stringify({ version: 1, carts: [{ id: 'cart-a', updatedAt: now - 1000, lines: [['sh-004', 3]] }] }));
      await writeFile(join(dir.path, 'newsletter.json'), JSON.stringify({ version: 1, subscribers: [{ email: 'salma@example.ma', subscribedAt: new Date(now).toISOString() }] }));

      const store = await openStore({ dataDir: dir.path, importLegacyFrom: dir.path });
      expect(await store.getOrder('LGCY-0001')).toEqual(order);
      // A retry of that submit (same delivery details) replays it; another body under the key is refused (422).
      expect(await store.findByIdempotencyKey('placing-session', 'legacy-key-1')).toEqual({ order, fingerprint: requestFingerprint(order.delivery) });
      expect(await store.getLines('cart-a')).toEqual([{ productId: 'sh-004', quantity: 3 }]);
      expect(await store.addSubscriber('salma@example.ma')).toEqual({ created: false });
      await store.close();
      expect(['orders.json', 'carts.json', 'newsletter.json'].map((f) => existsSync(join(dir.path, f)))).toEqual([false, false, false]);
      expect(existsSync(join(dir.path, 'orders.json.imported'))).toBe(true);

      const again = await openStore({ dataDir: dir.path, importLegacyFrom: dir.path });
      expect((await again.listOrders({ limit: 10 })).orders).toHaveLength(1);
      await again.close();
    } finally {
      await dir.remove();
    }
  });
});
