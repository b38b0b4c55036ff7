import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';

export const SESSION_COOKIE = 'shop.sid';
const CART_ID = /^[A-Za-z0-9_-]{32}$/;

interface CartSession {
  cartId?: unknown;
  readonly externalKey?: string;
  maxAge: number | 'session' | undefined;
}

/**
 * koa-session with a signed, HttpOnly, SameSite=Lax cookie that holds only a random id (24 random bytes), which is
 * the cart's id. There is nothing else in a session, so the session "store" keeps nothing: the signed id is the
 * whole session and the cart store holds the cart. `Secure` follows the request (`ctx.secure`, which honours
 * X-Forwarded-Proto because `app.proxy` is on). The cookie is written on a first visit and after each cart change
 * (to push its expiry 30 days ahead, like the cart's), not on every read.
 */
export function cartSession(app: Koa, maxAgeMs: number): Middleware {
  return createSession(
    {
      key: SESSION_COOKIE,
      maxAge: maxAgeMs,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      overwrite: true,
      rolling: false,
      renew: false,
      genid: () => randomBytes(24).toString('base64url'),
      store: {
        get: async (key: string) => (CART_ID.test(key) ? { cartId: key } : undefined),
        set: async () => undefined,
        destroy: async () => undefined,
      },
    },
    app,
  ) as Middleware;
}

function sessionOf(ctx: Context): CartSession {
  const session = (ctx as Context & { session?: CartSession | null }).session;
  if (!session) throw new Error('cartSession middleware is missing on this route');
  return session;
}

/** The visitor's cart id; a first visit gets a new one and its cookie. */
export function cartIdOf(ctx: Context): string {
  const session = sessionOf(ctx);
  if (typeof session.cartId !== 'string') {
    const id = session.externalKey;
    if (!id) throw new Error('koa-session did not generate a session id');
    session.cartId = id;
  } else if (resignedAfterKeyRotation(ctx)) {
    // `cookies` re-signed a cookie signed with an older key, but as a bare session cookie (no expiry, no SameSite):
    // have koa-session send both cookies again with all their attributes (it overwrites that header).
    session.maxAge = session.maxAge;
  }
  return session.cartId as string;
}

function resignedAfterKeyRotation(ctx: Context): boolean {
  const setCookie = ctx.response.get('Set-Cookie') as unknown;
  return Array.isArray(setCookie) && setCookie.some((line) => String(line).startsWith(`${SESSION_COOKIE}.sig=`));
}

/** After a change: re-send the cookie so it expires 30 days after the last change, like the cart. */
export function touchCartSession(ctx: Context, maxAgeMs: number): void {
  sessionOf(ctx).maxAge = maxAgeMs;
}
