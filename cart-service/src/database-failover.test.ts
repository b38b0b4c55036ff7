import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delivery, orderClients } from './orders/order-clients.fixture';
import { startPgBouncer, type PgBouncerServer } from './test-support/pgbouncer-server';
import { startPostgresServer, type PostgresServer } from './test-support/postgres-server';
import { openTestStore, startApp, type RunningApp } from './test-support/test-app';

/** Generous: a request that has not answered by then hangs, which is what these tests exist to catch. */
const WATCHDOG_MS = 10_000;

function answeredWithin<T>(request: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${WATCHDOG_MS} ms`)), WATCHDOG_MS);
  });
  return Promise.race([request, watchdog]).finally(() => clearTimeout(timer));
}

/** Asks `probe` again every 100 ms until it says yes; fails after WATCHDOG_MS. */
async function eventually(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + WATCHDOG_MS; !(await probe()); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${WATCHDOG_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A failover as cart-service lives it, on a PostgreSQL server of this file's own behind PgBouncer with the shop's
 * policy: the primary goes away (immediate shutdown, as a crash), nothing answers for a while, then a primary answers
 * at the same address (HAProxy's, in the fleet). cart-service is never restarted.
 */
describe('cart-service through a database failover', () => {
  let server: PostgresServer;
  let pooler: PgBouncerServer;
  let app: RunningApp;

  beforeAll(async () => {
    server = await startPostgresServer();
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query('CREATE DATABASE shop');
    await admin.end();
    pooler = await startPgBouncer(server.port);
    app = await startApp({ store: await openTestStore({ databaseUrl: pooler.urlFor('shop') }) });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await app?.store.close();
    await pooler?.stop();
    await server?.stop();
  });

  const readiness = () => answeredWithin(fetch(`${app.url}/readyz`), 'GET /readyz');

  it('answers 503 while no server answers, is ready again by itself, and places an order retried with its key once', { timeout: 60_000 }, async () => {
    const { shopperWithCart, place } = orderClients(app);
    const shopper = await shopperWithCart();
    expect((await readiness()).status).toBe(200);

    await server.crash();
    const notReady = await readiness();
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    expect((await answeredWithin(fetch(`${app.url}/healthz`), 'GET /healthz')).status).toBe(200); // alive: not restarted
    const key = randomUUID();
    const refused = await answeredWithin(place(shopper, delivery, key), 'POST /api/orders');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });

    await server.restart();
    await eventually(async () => (await readiness()).status === 200, 'ready again');
    const placed = await answeredWithin(place(shopper, delivery, key), 'POST /api/orders');
    expect(placed.status).toBe(201);
    // The shopper's client did not see that answer either, and sends the same order again.
    const replayed = await answeredWithin(place(shopper, delivery, key), 'POST /api/orders');
    expect(replayed.status).toBe(200);
    expect(replayed.body.order.number).toBe(placed.body.order.number);
    const direct = new pg.Client(server.urlFor('shop'));
    await direct.connect();
    const { rows } = await direct.query<{ n: string }>('SELECT count(*) AS n FROM orders');
    await direct.end();
    expect(rows[0]!.n).toBe('1');
  });
});
