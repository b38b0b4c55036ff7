import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@shop/contracts/orders';
import { CookieClient } from '../test-support/cookie-client';
import { newDataDir, newPostgresDatabase } from '../test-support/databases';
import { startServiceProcess, type ServiceProcess } from '../test-support/service-process';

const SESSION_KEYS = 'crash-test-session-key-0123456789-abcdefghij';
const ADMIN_TOKEN = 'crash-test-operators-token-0123456789-abcdef';
const DELIVERY = { fullName: 'Amina Berrada', phone: '0612345678', city: 'Rabat', address: '12, avenue Mohammed V, Agdal' };
const SESSIONS = 100;
const SUBMITS_PER_SESSION = 5;
/** Acknowledged answers (cumulated) after which cart-service is killed with SIGKILL, then started again. */
const KILL_AFTER = [10, 60, 150, 300];

interface Shopper {
  key: string;
  /** The session that placed the order: its cookies as they were before any answer rotated them. */
  placing: CookieClient;
  lines: Array<{ productId: string; quantity: number }>;
}

interface Acknowledged {
  shopper: Shopper;
  status: 200 | 201;
  order: Order;
  /** The client that received the answer, holding the owner's session cookie it set. */
  owner: CookieClient;
}

/**
 * The crash test: 100 shoppers each submit their order 5 times with one Idempotency-Key (double clicks, retries), while
 * cart-service is killed with `kill -9` at several points of the burst and started again on the same database. Every
 * 201 and 200 that was answered must be there afterwards, with its lines, for its owner, and its cart empty; every
 * shopper ends with exactly one order.
 */
describe.each([
  ['embedded PGlite', async () => {
    const dir = await newDataDir();
    return { env: { CART_DATA_DIR: dir.path }, dispose: dir.remove };
  }],
  ['PostgreSQL server', async () => {
    const database = await newPostgresDatabase();
    return { env: { DATABASE_URL: database.url, CART_DATA_DIR: '/nonexistent-unused' }, dispose: database.drop };
  }],
] as const)('orders survive kill -9 of cart-service: %s', (_name, backing) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps every acknowledged order with its lines and its cart emptied, and places one order per shopper', { timeout: 180_000 }, async () => {
    const { env, dispose } = await backing();
    cleanups.push(dispose);
    const serviceEnv = { ...env, SESSION_KEYS, ADMIN_TOKEN, LOG_LEVEL: 'info' };
    let service: ServiceProcess = await startServiceProcess(serviceEnv);
    cleanups.push(() => service.kill9());

    for (const productId of ['sv-001', 'sh-004', 'pk-001']) {
      const res = await fetch(`${service.url}/admin/stock/${productId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ onHand: 10_000 }),
      });
      expect(res.status).toBe(200);
    }
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SESSIONS; i += 1) {
      const placing = new CookieClient(service.url);
      const lines = [{ productId: 'sv-001', quantity: 1 + (i % 3) }, { productId: i % 2 ? 'sh-004' : 'pk-001', quantity: 1 }];
      for (const line of lines) expect((await placing.post('/api/cart/add', line)).status).toBe(200);
      shoppers.push({ key: `crash-${i}-${randomBytes(6).toString('hex')}`, placing, lines });
    }

    const acknowledged: Acknowledged[] = [];
    const refused: string[] = [];
    let pending = shoppers.flatMap((shopper) => Array.from({ length: SUBMITS_PER_SESSION }, () => shopper));
    for (const threshold of [...KILL_AFTER, Number.POSITIVE_INFINITY]) {
      const unanswered: Shopper[] = [];
      let next = 0;
      let killing: Promise<void> | undefined;
      const submit = async (shopper: Shopper) => {
        const client = shopper.placing.withBaseUrl(service.url);
        try {
          const res = await client.post('/api/orders', DELIVERY, { 'Idempotency-Key': shopper.key });
          if (res.status === 200 || res.status === 201) {
            acknowledged.push({ shopper, status: res.status, order: res.body.order as Order, owner: client });
            if (acknowledged.length >= threshold) killing ??= service.kill9();
          } else if (res.status === 503) {
            unanswered.push(shopper); // the store was going away: nothing was acknowledged
          } else {
            refused.push(`${res.status} ${res.text}`);
          }
        } catch {
          unanswered.push(shopper); // no answer (the process died): the shopper's page retries with the same key
        }
      };
      // Ten shoppers' submits in flight at a time, until the threshold kills the process.
      await Promise.all(Array.from({ length: 10 }, async () => {
        while (next < pending.length && !killing) await submit(pending[next++]!);
      }));
      await killing;
      pending = [...unanswered, ...pending.slice(next)];
      // Started again at once on the same database: the single-writer lock died with the killed process.
      if (threshold !== Number.POSITIVE_INFINITY) service = await startServiceProcess(serviceEnv);
      if (pending.length === 0) break;
    }
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBe(SESSIONS * SUBMITS_PER_SESSION);
    // Some answers were cut by the kills and retried; that is the point of the test.
    expect(KILL_AFTER.every((n) => n < acknowledged.length)).toBe(true);

    // Every acknowledged answer is there after the last restart: for its owner, with its lines, its cart empty.
    const byShopper = new Map<Shopper, Set<string>>();
    for (const ack of acknowledged) {
      const numbers = byShopper.get(ack.shopper) ?? new Set();
      numbers.add(ack.order.number);
      byShopper.set(ack.shopper, numbers);
      const mine = await ack.owner.withBaseUrl(service.url).get(`/api/orders/${ack.order.number}`);
      expect(mine.status).toBe(200);
      expect((mine.body.order as Order).lines.map((l) => [l.productId, l.quantity])).toEqual(
        ack.order.lines.map((l) => [l.productId, l.quantity]),
      );
    }
    for (const shopper of shoppers) {
      expect(byShopper.get(shopper)?.size).toBe(1); // one order per shopper, whatever was answered
      const ordered = [...byShopper.get(shopper)!][0]!;
      expect((await shopper.placing.withBaseUrl(service.url).get('/api/cart')).body.cart).toEqual([]);
      const replay = await shopper.placing.withBaseUrl(service.url).post('/api/orders', DELIVERY, { 'Idempotency-Key': shopper.key });
      expect([replay.status, replay.body.order?.number]).toEqual([200, ordered]);
    }
    const admin = await fetch(`${service.url}/admin/orders?limit=100`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    const listed = (await admin.json()) as { orders: Order[]; nextCursor: string | null };
    expect([listed.orders.length, listed.nextCursor]).toEqual([SESSIONS, null]);
  });
});
