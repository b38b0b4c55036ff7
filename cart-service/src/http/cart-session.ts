import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { CART_SESSION_MARK_COOKIE, isSessionClaim, SESSION_CLAIM_COOKIE, SESSION_CLAIM_WINDOW_MS } from '@shop/contracts/session-claim';
import type { SessionClaims } from '../store/session-claims';
import type { CookieSigner } from './cookie-keys';

export const SESSION_COOKIE = 'shop.sid';
const SIGNATURE_COOKIE = `${SESSION_COOKIE}.sig`;
const SESSION_ID = /^[A-Za-z0-9_-]{32}$/;
/** `<issuedAt>.<touchedAt>.<HMAC>`: times in base-36 epoch milliseconds, HMAC-SHA1 in base64url (27 characters). */
const SIGNATURE = /^([0-9a-z]{1,11})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{27})$/;
/** What Koa's `cookies` wrote before sessions carried their times: the bare HMAC of `shop.sid=<id>`. */
const LEGACY_SIGNATURE = /^[A-Za-z0-9_-]{27}$/;

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** A session with no cart change for this long is over (the cart expires with it). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** A session is over this long after it was issued, however active. */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
/**
 * Cookies issued before sessions carried their times (id and bare signature) are accepted, and re-issued with times
 * starting now, until this date: 30 days (the idle limit, the browser expiry of those cookies) after the release.
 * After it they are no session. See docs/decisions/013-session-rotation-and-expiry.md.
 */
export const LEGACY_COOKIES_ACCEPTED_UNTIL = Date.parse('2026-12-23T00:00:00Z');

export interface SessionOptions {
  /** Koa's `app.keys`: the first key signs, every key verifies. */
  keys: CookieSigner;
  /** Where a claim's session is kept (decision 039); without it, a claim is ignored and each write opens its own. */
  claims?: SessionClaims;
  idleMs?: number;
  absoluteMs?: number;
  /** Clock, injectable for expiry tests. */
  now?: () => number;
  legacyAcceptedUntil?: number;
}

interface Settings {
  keys: CookieSigner;
  claims: SessionClaims | undefined;
  idleMs: number;
  absoluteMs: number;
  now: () => number;
  legacyAcceptedUntil: number;
}

/**
 * The visitor's session: a random id (24 random bytes, which is also the cart's id), when it was issued and when its
 * cart last changed. Nothing is stored on the server for a session: the cookie `shop.sid` holds the id and
 * `shop.sid.sig` holds both times and an HMAC over the id and the times, so neither can be changed without the keys.
 * A session idle for `idleMs` or older than `absoluteMs` is no session: the visitor gets a new, empty one.
 */
class CartSession {
  private loaded = false;
  private id: string | undefined;
  private issuedAt = 0;
  private touchedAt = 0;

  constructor(
    private readonly ctx: Context,
    private readonly settings: Settings,
  ) {}

  /** The visitor's session id, if they have a valid session: a read never opens one (nor sets a cookie). */
  existingId(): string | undefined {
    this.load();
    return this.id;
  }

  /**
   * The session id for a write: the visitor's own, else the session their claim opened (joined while the claim is
   * young, opened by this write if it is the first), else a new one. Its cookie is sent when it is new to the visitor.
   */
  async open(): Promise<string> {
    this.load();
    if (this.id !== undefined) return this.id;
    const now = this.settings.now();
    const claim = this.ctx.cookies.get(SESSION_CLAIM_COOKIE, { signed: false });
    const candidate = newSessionId();
    if (this.settings.claims && isSessionClaim(claim)) {
      const claimed = await this.settings.claims.claimSession(claim, candidate);
      const age = now - claimed.openedAt;
      if (age <= SESSION_CLAIM_WINDOW_MS && age >= -CLOCK_SKEW_MS) {
        this.start(claimed.sessionId, Math.min(claimed.openedAt, now), now);
        return claimed.sessionId;
      }
    }
    this.start(candidate, now, now);
    return candidate;
  }

  /** After a cart change: the session lives `idleMs` from now (within its absolute limit); the cookie is re-sent. */
  touch(): void {
    if (this.id === undefined) throw new Error('touch() before open(): a write opens its session first');
    this.touchedAt = Math.max(this.issuedAt, this.settings.now());
    this.write();
  }

  /** Moves this visitor to the session `id`, issued at `issuedAt`; the previous id stays a separate session. */
  adopt(id: string, issuedAt: number): void {
    if (!SESSION_ID.test(id)) throw new Error('not a session id');
    this.load();
    const now = this.settings.now();
    this.id = id;
    this.issuedAt = Math.min(issuedAt, now);
    this.touchedAt = now;
    this.write(); // past its absolute limit already, the cookie is sent expired and the browser drops it
  }

  private start(id: string, issuedAt: number, touchedAt: number): void {
    this.id = id;
    this.issuedAt = issuedAt;
    this.touchedAt = touchedAt;
    this.write();
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const { keys, now: clock } = this.settings;
    // Read without Koa's signing (`signed: false`): the signature cookie has its own format.
    const id = this.ctx.cookies.get(SESSION_COOKIE, { signed: false });
    const signature = this.ctx.cookies.get(SIGNATURE_COOKIE, { signed: false });
    if (!id || !signature || !SESSION_ID.test(id)) return;
    const now = clock();

    const parts = SIGNATURE.exec(signature);
    if (parts) {
      const issuedAt = parseInt(parts[1]!, 36);
      const touchedAt = parseInt(parts[2]!, 36);
      const keyIndex = keys.index(signedData(id, issuedAt, touchedAt), parts[3]!);
      if (keyIndex < 0) return;
      // Several instances' clocks may differ a little: a session issued "in the future" by less than that is fine.
      if (touchedAt < issuedAt || issuedAt > now + CLOCK_SKEW_MS || !this.alive(issuedAt, touchedAt, now)) return;
      this.id = id;
      this.issuedAt = issuedAt;
      this.touchedAt = touchedAt;
      if (keyIndex > 0) this.write(); // signed with an older key: re-sign with the current one (key rotation)
      return;
    }

    if (LEGACY_SIGNATURE.test(signature) && now < this.settings.legacyAcceptedUntil) {
      if (keys.index(`${SESSION_COOKIE}=${id}`, signature) < 0) return;
      this.start(id, now, now); // its age is unknown: re-issued with times from now on
    }
  }

  private alive(issuedAt: number, touchedAt: number, now: number): boolean {
    return touchedAt + this.settings.idleMs > now && issuedAt + this.settings.absoluteMs > now;
  }

  private write(): void {
    const id = this.id as string;
    const expires = new Date(Math.min(this.touchedAt + this.settings.idleMs, this.issuedAt + this.settings.absoluteMs));
    const mac = this.settings.keys.sign(signedData(id, this.issuedAt, this.touchedAt));
    const attributes = { httpOnly: true, sameSite: 'lax', path: '/', expires, overwrite: true, signed: false } as const;
    // `secure` follows the request (`ctx.secure`: https as trustedForwarding decided, from a trusted proxy only).
    this.ctx.cookies.set(SESSION_COOKIE, id, attributes);
    this.ctx.cookies.set(SIGNATURE_COOKIE, `${this.issuedAt.toString(36)}.${this.touchedAt.toString(36)}.${mac}`, attributes);
    // Readable by the page: a session exists, so its pages show its cart as soon as they are painted (decision 047).
    this.ctx.cookies.set(CART_SESSION_MARK_COOKIE, '1', { ...attributes, httpOnly: false });
  }
}

/** What the HMAC covers; `|` cannot appear in an id, so this never collides with a legacy `shop.sid=<id>`. */
function signedData(id: string, issuedAt: number, touchedAt: number): string {
  return `${SESSION_COOKIE}=${id}|${issuedAt.toString(36)}|${touchedAt.toString(36)}`;
}

/** 24 random bytes: a session id (and the id of its cart). */
export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

const sessions = new WeakMap<Context, CartSession>();

/**
 * The session middleware for the routes that use a session (cart and orders). The cookies are read on first use and
 * written when a write opens the session, changes it or rotates it; a read writes nothing, with or without a session.
 */
export function cartSession(options: SessionOptions): Middleware {
  const settings: Settings = {
    keys: options.keys,
    claims: options.claims,
    idleMs: options.idleMs ?? SESSION_IDLE_MS,
    absoluteMs: options.absoluteMs ?? SESSION_ABSOLUTE_MS,
    now: options.now ?? Date.now,
    legacyAcceptedUntil: options.legacyAcceptedUntil ?? LEGACY_COOKIES_ACCEPTED_UNTIL,
  };
  return async (ctx, next) => {
    sessions.set(ctx, new CartSession(ctx, settings));
    await next();
  };
}

function sessionOf(ctx: Context): CartSession {
  const session = sessions.get(ctx);
  if (!session) throw new Error('cartSession middleware is missing on this route');
  return session;
}

/** The visitor's session id, which is their cart's id, if they have a session; none is opened (a read). */
export function sessionCartIdOf(ctx: Context): string | undefined {
  return sessionOf(ctx).existingId();
}

/** The session id for a write, which is the cart's id: a first write opens it (one per claim, decision 039). */
export function openCartSession(ctx: Context): Promise<string> {
  return sessionOf(ctx).open();
}

/** After a change: re-send the cookie so the session (and the cart) last 30 days after the last change. */
export function touchCartSession(ctx: Context): void {
  sessionOf(ctx).touch();
}

/**
 * Moves the visitor to the session `sessionId` issued at `issuedAt` (cookie sent): the new session drawn when an
 * order is placed (rotation), or an order's owner for a replayed submit from the session that placed it.
 */
export function adoptCartSession(ctx: Context, sessionId: string, issuedAt: number): void {
  sessionOf(ctx).adopt(sessionId, issuedAt);
}
