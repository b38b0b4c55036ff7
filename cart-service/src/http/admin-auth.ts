import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AttemptCounter } from '../store/attempt-counter';
import { ApiError, messagesIn } from './api-error';
import { languageOf } from './language';
import { countOrRefuse } from './rate-limit';

export interface AdminAuthOptions {
  /** ADMIN_TOKEN; undefined disables the admin routes (503 with a message saying how to enable them). */
  adminToken: string | undefined;
  /** Requests allowed per address and window on /admin, counted before authentication. */
  rateLimit: { max: number; windowMs: number };
  store: AttemptCounter;
}

/** The operators' routes: `Authorization: Bearer <ADMIN_TOKEN>`, rate-limited per address, never cached. */
export function adminAuth(options: AdminAuthOptions): Middleware {
  const expected = options.adminToken ? digest(options.adminToken) : undefined;
  return async (ctx, next) => {
    const messages = messagesIn[languageOf(ctx)];
    if (!expected) throw new ApiError(503, 'unavailable', messages.adminDisabled);
    // Per address, before the token is even looked at: guessing tokens or hammering the lists is slowed alike.
    await countOrRefuse(options.store, `admin:${ctx.ip || 'unknown'}`, options.rateLimit, messages.tooManyRequests);
    const match = /^Bearer (.+)$/.exec(ctx.get('Authorization'));
    // Digests have the same length whatever was sent, so the comparison is constant-time.
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new ApiError(401, 'unauthorized', messages.unauthorized, { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    ctx.set('Cache-Control', 'no-store');
    return next();
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
