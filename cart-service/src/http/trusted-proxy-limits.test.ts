import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '@shop/server-kit/trusted-proxy';
import { newPostgresDatabase } from '../test-support/databases';
import { openTestStore, startApp, tempDir, type RunningApp } from '../test-support/test-app';

/**
 * The outside probe's findings on rate limits: keyed on the shopper's address as the trusted proxy saw it, never on a
 * header the shopper chose; counted atomically, so 1,000 concurrent guesses cannot race past the limit.
 */
const ADMIN_TOKEN = 'operators-token-0123456789-abcdefghijklmnop';
const guess = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/orders/track`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ number: 'ZZZZ-ZZZZ', phone: '0612345678' }),
  });

async function concurrentGuesses(url: string, count: number, address: string): Promise<Record<number, number>> {
  const statuses = await Promise.all(
    Array.from({ length: count }, () => guess(url, { 'X-Forwarded-For': address }).then(async (r) => (await r.arrayBuffer(), r.status))),
  );
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
}

describe.each(['embedded', 'PostgreSQL'] as const)('order tracking limits on the %s database', (kind) => {
  let database: Awaited<ReturnType<typeof newPostgresDatabase>> | undefined;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let app: RunningApp;
  beforeAll(async () => {
    dir = await tempDir();
    if (kind === 'PostgreSQL') {
      database = await newPostgresDatabase();
      app = await startApp({ store: await openTestStore({ databaseUrl: database.url }), adminToken: ADMIN_TOKEN });
    } else {
      app = await startApp({ dataDir: dir.path, adminToken: ADMIN_TOKEN });
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await dir?.remove();
  });

  it('evaluates at most 5 of 1,000 concurrent wrong guesses from one address, and another address is not blocked', async () => {
    const tally = await concurrentGuesses(app.url, 1000, '203.0.113.61');
    expect(tally[404]).toBe(5);
    expect(tally[429]).toBe(995);
    expect(Object.keys(tally).sort()).toEqual(['404', '429']);
    // The shopper next door, behind the same shell, still gets an answer.
    expect((await guess(app.url, { 'X-Forwarded-For': '203.0.113.62' })).status).toBe(404);
  });

  it('rate-limits /admin per address before looking at the token', async () => {
    const call = (address: string, token = 'wrong-token') =>
      fetch(`${app.url}/admin/orders`, { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address } });
    const statuses = await Promise.all(Array.from({ length: 70 }, () => call('198.51.100.71').then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = await call('198.51.100.71', ADMIN_TOKEN);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Trop de requêtes/);
    expect((await call('198.51.100.72', ADMIN_TOKEN)).status).toBe(200);
  });
});

describe('a cart-service that trusts no proxy (TRUST_PROXY=none, reached directly)', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let app: RunningApp;
  beforeAll(async () => {
    dir = await tempDir();
    app = await startApp({ dataDir: dir.path, trustProxy: parseTrustProxy('none', 'none'), limits: { tracking: { maxFailures: 3, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await app?.close();
    await dir?.remove();
  });

  it('does not give a fresh bucket to each X-Forwarded-For a client makes up', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await guess(app.url, { 'X-Forwarded-For': `192.0.2.${i + 1}` })).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('does not mark the cookie Secure because a client claims https', async () => {
    const response = await fetch(`${app.url}/api/cart/add`, {
      method: 'POST',
      headers: { 'X-Forwarded-Proto': 'https', 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 'sv-001' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('shop.sid='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/;\s*secure/i);
  });
});
