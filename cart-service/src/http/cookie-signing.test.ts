import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { appWithoutStore } from '../test-support/test-app';
import { SESSION_COOKIE } from './cart-session';

const A = 'a-session-key-of-at-least-32-characters!!';
const B = 'b-session-key-of-at-least-32-characters!!';

/** A request context of the real app with these session keys (Koa's `app.keys`, Keygrip through `cookies`). */
function contextWith(keys: string[], cookie = '') {
  const app = appWithoutStore(keys);
  const req = new IncomingMessage(new Socket());
  req.headers = cookie ? { cookie } : {};
  const res = new ServerResponse(req);
  const ctx = app.createContext(req, res);
  const setCookies = () => ([res.getHeader('set-cookie') ?? []].flat() as string[]).map((line) => line.split(';')[0]!);
  return { ctx, setCookies };
}

function signedCookie(keys: string[], value: string): string {
  const { ctx, setCookies } = contextWith(keys);
  ctx.cookies.set(SESSION_COOKIE, value, { signed: true });
  return setCookies().join('; ');
}

describe('session cookie signing (app.keys)', () => {
  it('signs with the first key and verifies its own signature', () => {
    const cookie = signedCookie([A], 'abc');
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=abc; ${SESSION_COOKIE}\\.sig=[A-Za-z0-9_-]{20,}$`));
    expect(contextWith([A], cookie).ctx.cookies.get(SESSION_COOKIE, { signed: true })).toBe('abc');
  });

  it('refuses another value, another key, an altered or missing signature', () => {
    const cookie = signedCookie([A], 'abc');
    const signature = /\.sig=(.*)$/.exec(cookie)![1]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const [keys, forged] of [
      [[A], `${SESSION_COOKIE}=abd; ${SESSION_COOKIE}.sig=${signature}`],
      [[B], cookie],
      [[A], `${SESSION_COOKIE}=abc; ${SESSION_COOKIE}.sig=${flipped}`],
      [[A], `${SESSION_COOKIE}=abc; ${SESSION_COOKIE}.sig=`],
      [[A], `${SESSION_COOKIE}=abc`],
    ] as const) {
      expect(contextWith([...keys], forged).ctx.cookies.get(SESSION_COOKIE, { signed: true })).toBeUndefined();
    }
  });

  it('supports rotation: the first key signs, older keys still verify and their cookies are re-signed', () => {
    const old = signedCookie([A], 'abc');
    const { ctx, setCookies } = contextWith([B, A], old);
    expect(ctx.cookies.get(SESSION_COOKIE, { signed: true })).toBe('abc');
    const resigned = setCookies();
    expect(resigned).toHaveLength(1);
    expect(`${SESSION_COOKIE}=abc; ${resigned[0]}`).toBe(signedCookie([B, A], 'abc'));
    // Once the old key is dropped, only the re-signed cookie is accepted.
    expect(contextWith([B], old).ctx.cookies.get(SESSION_COOKIE, { signed: true })).toBeUndefined();
    expect(contextWith([B], `${SESSION_COOKIE}=abc; ${resigned[0]}`).ctx.cookies.get(SESSION_COOKIE, { signed: true })).toBe('abc');
  });

  it('needs at least one key', () => {
    expect(() => contextWith([])).toThrow(/At least one session key is required/);
  });
});
