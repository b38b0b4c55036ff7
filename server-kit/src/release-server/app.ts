import cors from '@koa/cors';
import Koa from 'koa';
import compress from 'koa-compress';
import type { Logger } from '../logger';
import { builtFiles } from '../cache-control';
import { listReleases } from './release-listing';
import { apiErrors } from '../api-error';

export interface ReleaseServerOptions {
  /** The folder of the remote's releases side by side: `/1.0.0/mf-manifest.json` is `<root>/1.0.0/mf-manifest.json`. */
  root: string;
  /** Origins allowed to fetch with CORS (the shop's; SHOP_ORIGIN). Scripts load as plain <script>s, manifests by fetch. */
  allowedOrigins: readonly string[];
  /** Where failed requests are logged (a 5xx); nothing else is logged per request. */
  logger?: Pick<Logger, 'error'>;
}

/**
 * A remote's release server: its `dist/<version>/` folders side by side, so several versions are live at once and a
 * rollback is one edit of remotes.json (docs/decisions/004). Hashed files are cached a year as immutable, manifests and
 * harness pages revalidated (server-kit/src/cache-control.ts); CORS answers the shop's origins only. In production any
 * CDN may play this part.
 */
export function createReleaseServer(options: ReleaseServerOptions): Koa {
  const allowed = new Set(options.allowedOrigins);
  const app = new Koa();
  // Errors are answered by apiErrors and logged there; Koa's own printing would repeat them.
  app.silent = true;

  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  app.use(
    cors({
      origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
      allowMethods: ['GET', 'HEAD'],
    }),
  );
  app.use(async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
  });
  // A missing file or version is a 404, a malformed path or one escaping the folder a library's 4xx, in every server's
  // envelope; anything else a 500, logged.
  app.use(apiErrors({ log: options.logger ?? { error: () => undefined }, unmatched: true }));
  app.use(compress());
  // What this server offers, for the operators' console; read on each request, so a new release shows at once.
  app.use(async (ctx, next) => {
    if (ctx.path !== '/releases.json' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await listReleases(options.root);
  });
  app.use(builtFiles(options.root, { index: 'index.html' }));
  return app;
}
