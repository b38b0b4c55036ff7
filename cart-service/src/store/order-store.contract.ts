import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ShopStore } from './open-store';
import { storesClosedAfterEach, type BackingFactory } from '../test-support/databases';
import type { OrderQuery, StoredOrder } from './order-store';

const newId = () => randomBytes(24).toString('base64url');
let sequence = 0;

/** An order placed by the session `placedBy` (whose cart it empties), owned by a new session (rotation). */
function orderFor(placedBy: string, overrides: Partial<StoredOrder> = {}): StoredOrder {
  sequence += 1;
  const createdAt = Date.now() + sequence * 1000;
  return {
    number: `T${String(sequence).padStart(3, '0')}-${randomBytes(2).toString('hex').toUpperCase()}`,
    ownerId: newId(),
    placedBy,
    status: 'reçue',
    createdAt,
    updatedAt: createdAt,
    lines: [
      { productId: 'sv-001', name: 'Crème', price: 149.9, oldPrice: 189, quantity: 2, images: ['/images/products/a.svg'] },
      { productId: 'sh-002', name: 'Shampoing', price: 79, quantity: 1, images: [] },
    ],
    total: 378.8,
    delivery: { fullName: 'Amina Berrada', phone: '+212612345678', city: 'Rabat', address: '12, avenue Mohammed V, Agdal' },
    ...overrides,
  };
}

const FP = 'fingerprint-a';

/** The orders behaviour every store must have; run against every backing by sql-store.test.ts. */
export function orderStoreContract(name: string, createBacking: BackingFactory): void {
  describe(`OrderStore contract: ${name}`, () => {
    const { open, reopen } = storesClosedAfterEach(createBacking);

    async function cartWithTwoLines(store: ShopStore) {
      const cart = newId();
      await store.addLine(cart, 'sv-001', 2, 99);
      await store.addLine(cart, 'sh-002', 1, 99);
      return { cart, lines: await store.getLines(cart) };
    }

    it('places an order from the expected lines: stores it and empties the cart in one step', async () => {
      const { store } = await open();
      const { cart, lines } = await cartWithTwoLines(store);
      const order = orderFor(cart);
      expect(await store.placeOrder(order, 'key-00000001', FP, lines)).toEqual({ kind: 'placed', order });
      expect(await store.getLines(cart)).toEqual([]);
      expect(await store.getOrder(order.number)).toEqual(order);
      expect(await store.findByIdempotencyKey(cart, 'key-00000001')).toEqual({ order, fingerprint: FP });
    });

    it('answers the first order for a key used again, and places nothing new', async () => {
      const { store } = await open();
      const { cart, lines } = await cartWithTwoLines(store);
      const first = orderFor(cart);
      await store.placeOrder(first, 'key-00000002', FP, lines);
      await store.addLine(cart, 'sv-001', 1, 99); // the cart filled again meanwhile
      const again = await store.placeOrder(orderFor(cart), 'key-00000002', FP, await store.getLines(cart));
      expect(again).toEqual({ kind: 'replayed', order: first, fingerprint: FP });
      expect((await store.listOrders({ limit: 100 })).orders).toEqual([first]);
      expect(await store.getLines(cart)).toEqual([{ productId: 'sv-001', quantity: 1 }]);
    });

    it('empties the placing session\'s cart, not the owner\'s, and finds the key from either session', async () => {
      const { store } = await open();
      const { cart, lines } = await cartWithTwoLines(store);
      const order = orderFor(cart);
      await store.addLine(order.ownerId, 'sc-001', 1, 99); // the owner's session is another cart
      expect(await store.placeOrder(order, 'key-rotated-1', FP, lines)).toEqual({ kind: 'placed', order });
      expect(await store.getLines(cart)).toEqual([]);
      expect(await store.getLines(order.ownerId)).toEqual([{ productId: 'sc-001', quantity: 1 }]);
      expect(await store.findByIdempotencyKey(cart, 'key-rotated-1')).toEqual({ order, fingerprint: FP });
      expect(await store.findByIdempotencyKey(order.ownerId, 'key-rotated-1')).toEqual({ order, fingerprint: FP });
      // A replay from the placing session (another owner drawn for it) answers the first order with its owner.
      const replay = await store.placeOrder(orderFor(cart), 'key-rotated-1', FP, lines);
      expect(replay).toEqual({ kind: 'replayed', order, fingerprint: FP });
      expect((await store.listOrders({ limit: 100 })).orders).toEqual([order]);
    });

    it('finds orders by exact number or phone, combined with the status and paged with the cursor', async () => {
      const { store } = await open();
      const salma = { fullName: 'Salma Idrissi', phone: '+212700000001', city: 'Fès', address: '3, rue Talaa Kebira' };
      const placed: StoredOrder[] = [];
      for (const delivery of [salma, undefined, salma, salma]) {
        const { cart, lines } = await cartWithTwoLines(store);
        const order = orderFor(cart, delivery ? { delivery } : {});
        expect((await store.placeOrder(order, `search-key-${placed.length}`, FP, lines)).kind).toBe('placed');
        placed.push(order);
      }
      const [first, other, third, fourth] = placed as [StoredOrder, StoredOrder, StoredOrder, StoredOrder];
      await store.setOrderStatus(third.number, 'confirmée', ['reçue'], Date.now());
      const numbers = async (query: Partial<OrderQuery>) => (await store.listOrders({ limit: 100, ...query })).orders.map((o) => o.number);

      expect(await numbers({ number: first.number })).toEqual([first.number]);
      expect(await numbers({ number: other.number, phone: salma.phone })).toEqual([]);
      expect(await numbers({ phone: salma.phone })).toEqual([fourth.number, third.number, first.number]);
      expect(await numbers({ phone: other.delivery.phone })).toEqual([other.number]);
      expect(await numbers({ phone: salma.phone, status: 'confirmée' })).toEqual([third.number]);
      expect(await numbers({ phone: salma.phone, status: 'reçue' })).toEqual([fourth.number, first.number]);
      expect(await numbers({ number: third.number, status: 'reçue' })).toEqual([]);
      // Exact matches only: no prefix, no other spelling, and an empty value narrows to nothing rather than to all.
      expect(await numbers({ phone: '+21270000000' })).toEqual([]);
      expect(await numbers({ phone: '0700000001' })).toEqual([]);
      expect(await numbers({ number: first.number.toLowerCase() })).toEqual([]);
      expect(await numbers({ phone: '' })).toEqual([]);
      expect(await numbers({ number: '' })).toEqual([]);
      // A value with SQL in it is a value.
      expect(await numbers({ phone: "' OR '1'='1" })).toEqual([]);

      const page = await store.listOrders({ limit: 2, phone: salma.phone });
      expect(page.orders.map((o) => o.number)).toEqual([fourth.number, third.number]);
      const last = await store.listOrders({ limit: 2, phone: salma.phone, after: page.next! });
      expect(last).toEqual({ orders: [first] });
      const received = await store.listOrders({ limit: 1, phone: salma.phone, status: 'reçue' });
      expect(received.orders.map((o) => o.number)).toEqual([fourth.number]);
      expect(await store.listOrders({ limit: 1, phone: salma.phone, status: 'reçue', after: received.next! })).toEqual({ orders: [first] });
    });

    it('keeps idempotency keys per visitor: the same key from another visitor is another order', async () => {
      const { store } = await open();
      const a = await cartWithTwoLines(store);
      const b = await cartWithTwoLines(store);
      expect((await store.placeOrder(orderFor(a.cart), 'same-key-1', FP, a.lines)).kind).toBe('placed');
      expect((await store.placeOrder(orderFor(b.cart), 'same-key-1', FP, b.lines)).kind).toBe('placed');
      expect(await store.findByIdempotencyKey(newId(), 'same-key-1')).toBeUndefined();
    });

    it('refuses when the cart changed since the order was built, and changes nothing', async () => {
      const { store } = await open();
      const { cart, lines } = await cartWithTwoLines(store);
      await store.setLine(cart, 'sv-001', 5);
      const order = orderFor(cart);
      expect(await store.placeOrder(order, 'key-00000003', FP, lines)).toEqual({ kind: 'cart_changed' });
      expect(await store.getOrder(order.number)).toBeUndefined();
      expect(await store.getLines(cart)).toHaveLength(2);
      expect(await store.findByIdempotencyKey(cart, 'key-00000003')).toBeUndefined();
    });

    it('refuses a number already taken', async () => {
      const { store } = await open();
      const a = await cartWithTwoLines(store);
      const b = await cartWithTwoLines(store);
      const first = orderFor(a.cart);
      await store.placeOrder(first, 'key-00000004', FP, a.lines);
      expect(await store.placeOrder(orderFor(b.cart, { number: first.number }), 'key-00000005', FP, b.lines)).toEqual({
        kind: 'number_taken',
      });
      expect(await store.getLines(b.cart)).toHaveLength(2);
    });

    it('places exactly one order when the same submit races itself', async () => {
      const { store } = await open();
      const { cart, lines } = await cartWithTwoLines(store);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => store.placeOrder(orderFor(cart), 'key-raced-01', FP, lines)),
      );
      const placed = results.filter((r) => r.kind === 'placed');
      expect(placed).toHaveLength(1);
      // The others either replay it or saw the cart already emptied; none is a second order.
      expect((await store.listOrders({ limit: 100 })).orders).toHaveLength(1);
    });

    it('lists orders newest first and moves a status only from an allowed one', async () => {
      const { store } = await open();
      const a = await cartWithTwoLines(store);
      const older = orderFor(a.cart);
      await store.placeOrder(older, 'key-00000006', FP, a.lines);
      const b = await cartWithTwoLines(store);
      const newer = orderFor(b.cart);
      await store.placeOrder(newer, 'key-00000007', FP, b.lines);
      expect(((await store.listOrders({ limit: 100 })).orders).map((o) => o.number)).toEqual([newer.number, older.number]);

      const confirmed = await store.setOrderStatus(older.number, 'confirmée', ['reçue'], older.createdAt + 60_000);
      expect(confirmed).toEqual({ kind: 'updated', order: { ...older, status: 'confirmée', updatedAt: older.createdAt + 60_000 } });
      expect(await store.setOrderStatus(older.number, 'livrée', ['expédiée'], Date.now())).toMatchObject({
        kind: 'invalid_transition',
        order: { status: 'confirmée' },
      });
      expect(await store.setOrderStatus('NONE-XXXX', 'confirmée', ['reçue'], Date.now())).toEqual({ kind: 'not_found' });
      expect((await store.getOrder(older.number))?.status).toBe('confirmée');
    });

    it('keeps orders, statuses and idempotency keys when the store is closed and opened again', async () => {
      const { store, backing } = await open();
      const { cart, lines } = await cartWithTwoLines(store);
      const order = orderFor(cart);
      await store.placeOrder(order, 'key-00000008', FP, lines);
      await store.setOrderStatus(order.number, 'confirmée', ['reçue'], order.createdAt + 5);
      await store.close();
      const reopened = await reopen(backing);
      const expected = { ...order, status: 'confirmée', updatedAt: order.createdAt + 5 };
      expect(await reopened.getOrder(order.number)).toEqual(expected);
      expect(await reopened.findByIdempotencyKey(cart, 'key-00000008')).toEqual({ order: expected, fingerprint: FP });
      expect((await reopened.listOrders({ limit: 100 })).orders).toEqual([expected]);
    });

    it('takes the ordered units from stock with the order, and refuses an order that would go below zero, writing nothing', async () => {
      const { store } = await open({ stockEach: 5 });
      const { cart, lines } = await cartWithTwoLines(store); // sv-001 × 2, sh-002 × 1
      await store.placeOrder(orderFor(cart), 'key-stock-01', FP, lines);
      expect((await store.stockLevels()).get('sv-001')).toBe(3);
      expect((await store.stockLevels()).get('sh-002')).toBe(4);

      const other = newId();
      await store.addLine(other, 'sh-002', 1, 99);
      await store.addLine(other, 'sv-001', 3, 99);
      await store.setStock('sv-001', 2, Date.now()); // sold elsewhere meanwhile
      const refused = orderFor(other, { lines: [
        { productId: 'sh-002', name: 'Shampoing', price: 79, quantity: 1, images: [] },
        { productId: 'sv-001', name: 'Crème', price: 149.9, quantity: 3, images: [] },
      ] });
      expect(await store.placeOrder(refused, 'key-stock-02', FP, await store.getLines(other))).toEqual({ kind: 'out_of_stock', productId: 'sv-001', left: 2 });
      expect(await store.getOrder(refused.number)).toBeUndefined();
      expect((await store.stockLevels()).get('sh-002')).toBe(4); // the line taken before the refusal was rolled back
      expect(await store.getLines(other)).toHaveLength(2);
      expect(await store.findByIdempotencyKey(other, 'key-stock-02')).toBeUndefined();
    });

    it('returns a cancelled order\'s units to stock, once', async () => {
      const { store } = await open({ stockEach: 5 });
      const { cart, lines } = await cartWithTwoLines(store);
      const order = orderFor(cart);
      await store.placeOrder(order, 'key-cancel-1', FP, lines);
      expect((await store.stockLevels()).get('sv-001')).toBe(3);
      expect((await store.setOrderStatus(order.number, 'annulée', ['reçue', 'confirmée'], Date.now())).kind).toBe('updated');
      expect((await store.stockLevels()).get('sv-001')).toBe(5);
      expect((await store.setOrderStatus(order.number, 'annulée', ['reçue', 'confirmée'], Date.now())).kind).toBe('invalid_transition');
      expect((await store.stockLevels()).get('sv-001')).toBe(5);
    });

    it('lists one page at a time, newest first, with a status filter, and no order twice or missed', async () => {
      const { store } = await open();
      const placed: StoredOrder[] = [];
      for (let i = 0; i < 7; i += 1) {
        const { cart, lines } = await cartWithTwoLines(store);
        const order = orderFor(cart);
        await store.placeOrder(order, `key-page-${i}0`, FP, lines);
        placed.push(order);
      }
      await store.setOrderStatus(placed[2]!.number, 'confirmée', ['reçue'], Date.now());
      await store.setOrderStatus(placed[5]!.number, 'confirmée', ['reçue'], Date.now());
      const seen: string[] = [];
      let page = await store.listOrders({ limit: 3 });
      seen.push(...page.orders.map((o) => o.number));
      while (page.next) {
        page = await store.listOrders({ limit: 3, after: page.next });
        seen.push(...page.orders.map((o) => o.number));
      }
      expect(seen).toEqual(placed.map((o) => o.number).reverse());
      const confirmed = await store.listOrders({ limit: 1, status: 'confirmée' });
      expect(confirmed.orders.map((o) => o.number)).toEqual([placed[5]!.number]);
      expect((await store.listOrders({ limit: 1, status: 'confirmée', after: confirmed.next! })).orders.map((o) => o.number)).toEqual([placed[2]!.number]);
    });
  });
}
