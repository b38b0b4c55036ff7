import type { Context } from 'koa';
import { NOTICE_COOKIE, type PageNotice } from '@shop/contracts/forms';

/** The notice a form post leaves for the page it redirects to (the no-JavaScript toast) lives one minute at most. */
const MAX_TEXT = 400;
const ATTRIBUTES = { httpOnly: true, sameSite: 'lax', path: '/', overwrite: true, signed: false } as const;

/** Leaves the notice for the next page this browser asks for. */
export function leaveNotice(ctx: Context, notice: PageNotice): void {
  const value = Buffer.from(JSON.stringify({ kind: notice.kind, text: notice.text.slice(0, MAX_TEXT) })).toString('base64url');
  ctx.cookies.set(NOTICE_COOKIE, value, { ...ATTRIBUTES, maxAge: 60_000 });
}

/**
 * The notice left for this page, once: the cookie is cleared as it is read. Only ever text the shop's server wrote
 * (the browser's own cookie, rendered as text by React); anything else is ignored.
 */
export function takeNotice(ctx: Context): PageNotice | undefined {
  const value = ctx.cookies.get(NOTICE_COOKIE, { signed: false });
  if (value === undefined) return undefined;
  ctx.cookies.set(NOTICE_COOKIE, '', { ...ATTRIBUTES, maxAge: 0 });
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PageNotice>;
    if ((parsed.kind === 'success' || parsed.kind === 'error') && typeof parsed.text === 'string' && parsed.text.length <= MAX_TEXT) {
      return { kind: parsed.kind, text: parsed.text };
    }
  } catch {
    // Not one of ours.
  }
  return undefined;
}
