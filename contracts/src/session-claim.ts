/**
 * One cart per browser, however its first writes race (decision 039).
 *
 * Only a write opens a session (a read answers the empty cart and sets no cookie). A browser with no session yet may
 * send several writes at once: taps held before hydration and posted in the background, a tap after hydration while
 * the first answer is on its way. Each would open a session of its own, and the browser would keep whichever cookie
 * came last. So the page's head script gives the browser a **claim** before its first write: a random value in a
 * cookie of its own. cart-service opens one session per claim: every write that carries the same claim and no session
 * lands in the same cart, whatever the order of the requests and answers.
 *
 * The claim is honoured only for a short while after it opened its session, so a claim that leaks or is planted is
 * worth nothing once the race it exists for is over.
 */

/** The claim's cookie, written by the page's head script (shell/public/hold-until-hydrated.js), read by cart-service. */
export const SESSION_CLAIM_COOKIE = 'shop.claim';

/** 16 random bytes in base64url: what the head script writes, and all cart-service accepts. */
export const SESSION_CLAIM_FORMAT = /^[A-Za-z0-9_-]{22}$/;

/** How long the browser keeps the claim (seconds): far longer than any write can be in flight. */
export const SESSION_CLAIM_COOKIE_MAX_AGE_S = 600;

/**
 * How long after a claim opened its session another write with that claim (and no session) still joins it. A write
 * is cookie-less only while the first answer has not arrived: two minutes covers a phone on a bad network, and past
 * it a claim opens nothing (the write gets a session of its own, as it would without a claim).
 */
export const SESSION_CLAIM_WINDOW_MS = 2 * 60 * 1000;

export const isSessionClaim = (value: unknown): value is string => typeof value === 'string' && SESSION_CLAIM_FORMAT.test(value);

/**
 * A mark, readable by the page, that this browser holds a cart session (decision 047): cart-service writes it beside
 * the session's own (HttpOnly) cookie, with the same lifetime. The server's HTML is the same for every shopper and
 * shows an empty cart, so a page whose browser holds a session runs its scripts once painted, to show that cart; a
 * page whose browser has none is already what it would be after hydration, and waits for the shopper's first intent.
 * It says only that a session exists: never which, never what is in it.
 */
export const CART_SESSION_MARK_COOKIE = 'shop.cart';
