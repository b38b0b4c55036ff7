import type { Context } from 'koa';
import { MERCHANDISING_MESSAGES, OPERATOR_HEADER, type MerchandisedProduct, type StaleVersionError } from '@shop/contracts/merchandising';
import type { Author } from '../store/merchandising';
import { sendJson } from './send-json';

/** Who the audit log names when a script calls cart-service directly, with no operator named. */
const UNNAMED = 'API';

/** The operator release-control names (it authenticated them): trusted only on routes behind the admin token. */
export function authorOf(ctx: Context): Author {
  const named = ctx.get(OPERATOR_HEADER).trim();
  return { by: /^[\p{L}\p{N} ._@-]{1,64}$/u.test(named) ? named : UNNAMED, at: new Date() };
}

/** 409 `stale_version`: the envelope and the product as it is now, for the console to show beside what was typed. */
export function sendStaleVersion(ctx: Context, current: MerchandisedProduct): void {
  const refusal: StaleVersionError = { error: { code: 'stale_version', message: MERCHANDISING_MESSAGES.staleVersion }, current };
  sendJson(ctx, refusal, 409);
}
