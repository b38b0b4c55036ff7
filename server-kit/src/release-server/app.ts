import cors from '@koa/cors';
import Koa from 'koa';
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import type { Logger } from '../logger';
import { builtFiles } from '../cache-control';
import { listReleases } from './release-listing';
import { errorBody, GENERIC_MESSAGES } from '../api-error';

export interface ReleaseServerOptions {
  /** The folder of the remote's releases side by side: `/1.0.0/mf-manifest.json` is `<root>/1.0.0/mf-manifest.json`. */
  root: string;
  /** Origins allowed to fetch with CORS (the shop's; SHOP_ORIGIN). Scripts load as plain <script>s, manifests by fetch. */
  allowedOrigins: readonly string[];
  /** Where failed requests are logged (a 5xx); nothing else is logged per request. */
  logger?: Pick<Logger, 'error'>;
}

/** Bodies of the answers that are not files, in the shape and language of the shop's other servers. */
const ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Adresse invalide.' },
  403: { code: 'forbidden', message: 'Accès refusé.' },
  404: { code: 'not_found', message: GENERIC_MESSAGES.notFound },
  500: { code: 'internal_error', message: GENERIC_MESSAGES.internal },
};

/** A 4xx (no such file, a path outside the folder, a malformed path) as `{error: {code, message}}`; a 5xx is logged too. */
function jsonErrors(logger: ReleaseServerOptions['logger']): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const thrown = (error as { status?: unknown }).status;
      ctx.status = typeof thrown === 'number' && thrown >= 400 && thrown < 500 ? thrown : 500;
      if (ctx.status >= 500) logger?.error({ err: error, method: ctx.method, path: ctx.path.slice(0, 200) }, 'request failed');
    }
    if (ctx.status >= 400 && ctx.body == null) {
      const status = ctx.status;
      const { code, message } = ERRORS[status] ?? ERRORS[status < 500 ? 400 : 500]!;
      ctx.body = errorBody(code, message);
      ctx.status = status; // setting a body would otherwise turn Koa's default 404 into a 200
    }
  };
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
  // Errors are answered by jsonErrors and logged there; Koa's own printing would repeat them.
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
  app.use(jsonErrors(options.logger));
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
