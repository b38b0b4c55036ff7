import { createHmac } from 'node:crypto';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { startApp, tempDir, TEST_SESSION_KEYS, type RunningApp } from '../test-support/test-app';
import { cartSession, openCartSession, LEGACY_COOKIES_ACCEPTED_UNTIL, SESSION_COOKIE, touchCartSession } from './cart-session';
import { cookieKeys } from './cookie-keys';

const DAY = 24 * 60 * 60 * 1000;

/** The real app on a file store, with a clock the test moves (sessions only: the store keeps its own clock). */
describe('session expiry (injected clock)', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let app: RunningApp;
  let now = Date.now();
  beforeAll(async () => {
    dir = await tempDir();
    app = await startApp({ dataDir: dir.path, now: () => now });
  });
  afterAll(async () => {
    await app?.close();
    await dir?.remove();
  });
  afterEach(() => {
    now = Date.now();
  });

  const cartOf = async (client: CookieClient) => (await client.get('/api/cart')).body.cart.map((i: { productId: string }) => i.productId);

  it('ends a session idle for 30 days: the same cookie is then a new, empty session', async () => {
    const client = new CookieClient(app.url);
    await client.post('/api/cart/add', { productId: 'sv-001' });
    const id = client.cookies.get(SESSION_COOKIE);
    const stolen = new Map(client.cookies);

    now += 30 * DAY - 1;
    const lastMoment = await client.get('/api/cart');
    expect(lastMoment.body.cart).toHaveLength(1);
    expect(lastMoment.setCookies).toEqual([]); // reads do not extend it

    now += 1;
    const copy = new CookieClient(app.url);
    for (const [name, value] of stolen) copy.cookies.set(name, value);
    const after = await copy.get('/api/cart');
    expect(after.body).toEqual({ cart: [] });
    expect(after.setCookies).toEqual([]); // a read opens nothing
    await copy.post('/api/cart/add', { productId: 'sv-002' });
    expect(copy.cookies.get(SESSION_COOKIE)).not.toBe(id); // the next write: a new session, with its own cookie
    expect(await cartOf(copy)).toEqual(['sv-002'])
  });

  it('counts idleness from the last cart change, which re-sends the cookie', async () => {
    const client = new CookieClient(app.url);
    await client.post('/api/cart/add', { productId: 'sv-001' });
    now += 20 * DAY;
    const change = await client.post('/api/cart/add', { productId: 'sv-002' });
    expect(change.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
    now += 30 * DAY - 1; // 50 days after issue, 30 days minus 1 ms after the last change
    expect(await cartOf(client)).toEqual(['sv-001', 'sv-002']);
    now += 1;
    expect(await cartOf(client)).toEqual([]);
  });

  it('ends a session 90 days after it was issued, however active', async () => {
    const client = new CookieClient(app.url);
    const first = await client.post('/api/cart/add', { productId: 'sv-001' });
    const issued = now;
    expect(cookieExpiry(first.setCookies)).toBe(toSeconds(issued + 30 * DAY));
    let last = first;
    for (let day = 25; day < 90; day += 25) {
      now = issued + day * DAY;
      last = await client.post('/api/cart/add', { productId: 'sv-001' });
    }
    // Touched on day 75: the idle limit would be day 105, the absolute one comes first and is the cookie's expiry.
    expect(cookieExpiry(last.setCookies)).toBe(toSeconds(issued + 90 * DAY));
    now = issued + 90 * DAY - 1;
    expect(await cartOf(client)).toEqual(['sv-001']);
    now = issued + 90 * DAY;
    expect(await cartOf(client)).toEqual([]);
  });

  it('refuses a cookie whose times were edited', async () => {
    const client = new CookieClient(app.url);
    await client.post('/api/cart/add', { productId: 'sv-001' });
    const signature = client.cookies.get(`${SESSION_COOKIE}.sig`)!;
    const [issuedAt, touchedAt, mac] = signature.split('.');
    const younger = (Number.parseInt(issuedAt!, 36) + DAY).toString(36);
    const forger = new CookieClient(app.url);
    forger.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE)!);
    forger.cookies.set(`${SESSION_COOKIE}.sig`, `${younger}.${touchedAt}.${mac}`);
    expect(await cartOf(forger)).toEqual([]);
    await forger.post('/api/cart/add', { productId: 'sv-002' });
    expect(forger.cookies.get(SESSION_COOKIE)).not.toBe(client.cookies.get(SESSION_COOKIE));
    expect(await cartOf(client)).toEqual(['sv-001']);
  });
});

/** A bare Koa app with only the session middleware, for the cookies written before sessions carried their times. */
describe('cookies issued before sessions carried their times', () => {
  const id = 'sdDwuNnXszaOBXlaNvrObo3EtHdRO-v5';
  /** Koa's `cookies` signature of the time: HMAC-SHA1 of `shop.sid=<id>`, base64url. */
  const legacy = `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${createHmac('sha1', TEST_SESSION_KEYS[0]!)
    .update(`${SESSION_COOKIE}=${id}`)
    .digest('base64url')}`;

  async function request(at: number, cookie: string, path = '/id') {
    const app = new Koa();
    const keys = cookieKeys(TEST_SESSION_KEYS);
    app.keys = keys;
    app.use(cartSession({ keys, now: () => at }));
    app.use(async (ctx) => {
      // A write: the session is opened (a new one when the cookies hold none), then touched on /touch.
      const id = await openCartSession(ctx);
      if (path === '/touch') touchCartSession(ctx);
      ctx.body = id;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } });
      return { id: await res.text(), setCookies: res.headers.getSetCookie() };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('keeps them until the transition ends, re-issued with times from then on', async () => {
    const at = LEGACY_COOKIES_ACCEPTED_UNTIL - DAY;
    const res = await request(at, legacy);
    expect(res.id).toBe(id);
    const signature = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}.sig=`))!;
    expect(signature).toMatch(new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}\\.sig=${at.toString(36)}\\.${at.toString(36)}\\.`));
    expect(cookieExpiry(res.setCookies)).toBe(toSeconds(at + 30 * DAY));
    // The re-issued cookie is a session of its own, with times: still valid after the transition.
    const reissued = res.setCookies.map((c) => c.split(';')[0]).join('; ');
    const later = await request(LEGACY_COOKIES_ACCEPTED_UNTIL + DAY, reissued);
    expect(later.id).toBe(id);
    expect(later.setCookies).toEqual([]);
  });

  it('accepts a session issued by an instance whose clock is a minute ahead, not one issued days ahead', async () => {
    const at = Date.parse('2027-03-01T00:00:00Z');
    const issued = await request(at + 60_000, '');
    const cookie = issued.setCookies.map((c) => c.split(';')[0]).join('; ');
    expect((await request(at, cookie)).id).toBe(issued.id);
    const farAhead = await request(at + DAY, '');
    expect((await request(at, farAhead.setCookies.map((c) => c.split(';')[0]).join('; '))).id).not.toBe(farAhead.id);
  });

  it('treats them as no session once the transition is over', async () => {
    const res = await request(LEGACY_COOKIES_ACCEPTED_UNTIL, legacy);
    expect(res.id).not.toBe(id);
    expect(res.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

/** Cookie dates have a precision of one second. */
const toSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

function cookieExpiry(setCookies: string[]): number {
  const line = setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return Date.parse(/expires=([^;]+)/i.exec(line)?.[1] ?? '');
}
