import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { StoredLine } from './cart-store';
import { storesClosedAfterEach, type BackingFactory } from '../test-support/databases';
import { StoreUnavailableError } from './cart-store';
import { catalogue } from '../test-support/test-app';

const newCartId = () => randomBytes(24).toString('base64url');
const sorted = (lines: StoredLine[]) => [...lines].sort((a, b) => a.productId.localeCompare(b.productId));

/** The behaviour every CartStore must have; run against every backing by sql-store.test.ts. */
export function cartStoreContract(name: string, createBacking: BackingFactory): void {
  describe(`CartStore contract: ${name}`, () => {
    const { open, reopen } = storesClosedAfterEach(createBacking);

    it('answers an empty cart for an unknown id', async () => {
      const { store } = await open();
      expect(await store.getLines(newCartId())).toEqual([]);
    });

    it('adds a line, then adds to the existing line', async () => {
      const { store } = await open();
      const cart = newCartId();
      expect(await store.addLine(cart, 'sv-001', 2, 99)).toEqual({ ok: true, lines: [{ productId: 'sv-001', quantity: 2 }] });
      const result = await store.addLine(cart, 'sv-001', 3, 99);
      expect(result).toEqual({ ok: true, lines: [{ productId: 'sv-001', quantity: 5 }] });
      expect(await store.getLines(cart)).toEqual([{ productId: 'sv-001', quantity: 5 }]);
    });

    it('refuses an add that would exceed the cap and changes nothing', async () => {
      const { store } = await open();
      const cart = newCartId();
      await store.addLine(cart, 'sv-001', 98, 99);
      const result = await store.addLine(cart, 'sv-001', 2, 99);
      expect(result).toEqual({ ok: false, reason: 'over_max', lines: [{ productId: 'sv-001', quantity: 98 }] });
      expect(await store.addLine(cart, 'sv-001', 1, 99)).toMatchObject({ ok: true, lines: [{ quantity: 99 }] });
      expect((await store.addLine(newCartId(), 'sv-002', 100, 99)).ok).toBe(false);
    });

    it('sets an absolute quantity on an existing line only', async () => {
      const { store } = await open();
      const cart = newCartId();
      await store.addLine(cart, 'sv-001', 1, 99);
      expect(await store.setLine(cart, 'sv-001', 7)).toEqual({ ok: true, lines: [{ productId: 'sv-001', quantity: 7 }] });
      expect(await store.setLine(cart, 'sc-001', 2)).toEqual({
        ok: false,
        reason: 'absent',
        lines: [{ productId: 'sv-001', quantity: 7 }],
      });
      expect(await store.setLine(newCartId(), 'sc-001', 2)).toEqual({ ok: false, reason: 'absent', lines: [] });
    });

    it('removes lines, ignoring absent ones', async () => {
      const { store } = await open();
      const cart = newCartId();
      await store.addLine(cart, 'sv-001', 1, 99);
      await store.addLine(cart, 'sc-001', 2, 99);
      expect(await store.removeLines(cart, ['sv-001', 'sh-008'])).toEqual([{ productId: 'sc-001', quantity: 2 }]);
      expect(await store.removeLines(cart, ['sv-001'])).toEqual([{ productId: 'sc-001', quantity: 2 }]);
      expect(await store.removeLines(cart, ['sc-001'])).toEqual([]);
      expect(await store.getLines(cart)).toEqual([]);
      expect(await store.removeLines(newCartId(), ['sv-001'])).toEqual([]);
    });

    it('keeps carts apart', async () => {
      const { store } = await open();
      const a = newCartId();
      const b = newCartId();
      await store.addLine(a, 'sv-001', 1, 99);
      await store.addLine(b, 'sv-002', 4, 99);
      expect(await store.getLines(a)).toEqual([{ productId: 'sv-001', quantity: 1 }]);
      expect(await store.getLines(b)).toEqual([{ productId: 'sv-002', quantity: 4 }]);
    });

    it('loses no concurrent add: 50 adds of 1 end at 50, 20 products end as 20 lines', async () => {
      const { store } = await open();
      const cart = newCartId();
      await Promise.all(Array.from({ length: 50 }, () => store.addLine(cart, 'sv-001', 1, 99)));
      expect(await store.getLines(cart)).toEqual([{ productId: 'sv-001', quantity: 50 }]);

      const other = newCartId();
      const products = catalogue().products.slice(0, 20).map((p) => p.id);
      await Promise.all(products.map((id) => store.addLine(other, id, 1, 99)));
      expect(sorted(await store.getLines(other))).toEqual(sorted(products.map((productId) => ({ productId, quantity: 1 }))));
    });

    it('reads what was written while reads and changes of one cart interleave, and the same after reopening', async () => {
      const { store, backing } = await open();
      const cart = newCartId();
      const ids = catalogue().products.slice(0, 6).map((p) => p.id);
      const work: Array<Promise<unknown>> = [];
      for (let i = 0; i < 120; i += 1) {
        const productId = ids[i % ids.length]!;
        if (i % 4 === 3) work.push(store.removeLines(cart, [productId]));
        else if (i % 4 === 2) work.push(store.getLines(cart));
        else work.push(store.addLine(cart, productId, 1, 99));
        if (i % 10 === 0) work.push(store.getLines(cart));
      }
      await Promise.all(work);
      const settled = sorted(await store.getLines(cart));
      expect(sorted(await store.getLines(cart))).toEqual(settled);
      const other = await store.addLine(cart, ids[0]!, 1, 99);
      expect(sorted(await store.getLines(cart))).toEqual(sorted(other.lines));
      await store.close();
      const reopened = await reopen(backing);
      expect(sorted(await reopened.getLines(cart))).toEqual(sorted(other.lines));
    });

    it('keeps carts when the store is closed and opened again on the same backing', async () => {
      const { store, backing } = await open();
      const cart = newCartId();
      await store.addLine(cart, 'sv-001', 3, 99);
      await store.addLine(cart, 'sh-002', 1, 99);
      await store.addSubscriber('amina@example.ma');
      await store.close();
      const reopened = await reopen(backing);
      expect(sorted(await reopened.getLines(cart))).toEqual([
        { productId: 'sh-002', quantity: 1 },
        { productId: 'sv-001', quantity: 3 },
      ]);
      expect(await reopened.addSubscriber('amina@example.ma')).toEqual({ created: false });
    });

    it('expires a cart after its time to live', async () => {
      const { store } = await open({ ttlMs: 1500 }); // long enough for a slow fsync, short enough to wait for
      const cart = newCartId();
      await store.addLine(cart, 'sv-001', 1, 99);
      expect(await store.getLines(cart)).toHaveLength(1);
      await vi.waitFor(async () => expect(await store.getLines(cart)).toEqual([]), { timeout: 10_000, interval: 100 });
    });

    it('refuses an add or a raised quantity beyond the units on hand, and always lets a quantity go down', async () => {
      const { store } = await open({ stockEach: 3 });
      const cart = newCartId();
      expect(await store.addLine(cart, 'sv-001', 2, 99)).toEqual({ ok: true, lines: [{ productId: 'sv-001', quantity: 2 }] });
      expect(await store.addLine(cart, 'sv-001', 2, 99)).toEqual({ ok: false, reason: 'out_of_stock', left: 3, lines: [{ productId: 'sv-001', quantity: 2 }] });
      expect(await store.setLine(cart, 'sv-001', 4)).toEqual({ ok: false, reason: 'out_of_stock', left: 3, lines: [{ productId: 'sv-001', quantity: 2 }] });
      expect(await store.setLine(cart, 'sv-001', 3)).toMatchObject({ ok: true, lines: [{ quantity: 3 }] });
      await store.setStock('sv-001', 1, Date.now());
      expect(await store.setLine(cart, 'sv-001', 2)).toMatchObject({ ok: true, lines: [{ quantity: 2 }] });
      await store.setStock('sv-001', 0, Date.now());
      expect(await store.addLine(newCartId(), 'sv-001', 1, 99)).toMatchObject({ ok: false, reason: 'out_of_stock', left: 0, lines: [] });
    });

    it('records a newsletter subscriber once', async () => {
      const { store } = await open();
      expect(await store.addSubscriber('yasmine@example.ma')).toEqual({ created: true });
      expect(await store.addSubscriber('yasmine@example.ma')).toEqual({ created: false });
      expect(await store.addSubscriber('omar@example.ma')).toEqual({ created: true });
    });

    it('keeps contact messages and one restock alert per product and address', async () => {
      const { store } = await open();
      await expect(store.addContactMessage({ name: 'Salma', email: 'salma@example.ma', subject: 'Autre demande', message: 'Bonjour, une question.' })).resolves.toBeUndefined();
      expect(await store.addRestockAlert('sv-001', 'salma@example.ma')).toEqual({ created: true });
      expect(await store.addRestockAlert('sv-001', 'salma@example.ma')).toEqual({ created: false });
      expect(await store.addRestockAlert('sv-002', 'salma@example.ma')).toEqual({ created: true });
    });

    it('answers ping while open and refuses work once closed', async () => {
      const { store } = await open();
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await expect(store.getLines(newCartId())).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.addLine(newCartId(), 'sv-001', 1, 99)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });
}
