import type { Middleware } from 'koa';
import type { RemotesConfig } from '@shop/contracts/remotes';

/** Baseline hardening; the remotes' origins are the only other places code may come from. */
export function securityHeaders(_config: () => RemotesConfig): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  };
}
