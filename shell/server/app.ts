import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Koa from 'koa';
import compress from 'koa-compress';
import serve from 'koa-static';
import { isKnownPath } from '../src/routes/route-table';
import { pageHints, withHints } from './page-hints';
import { cartServiceProxy } from './proxy';
import type { RemotesConfigFile } from './remotes-config-file';
import { remotesStatus } from './remotes-status';
import { securityHeaders } from './security-headers';

export interface ShellServerOptions {
  distDir: string;
  cartServiceUrl: string;
  remotes: RemotesConfigFile;
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export async function createShellServer({ distDir, cartServiceUrl, remotes }: ShellServerOptions): Promise<Koa> {
  const indexHtml = await readFile(join(distDir, 'index.html'), 'utf8');
  const app = new Koa();
  app.proxy = true;

  app.use(securityHeaders(() => remotes.current));
  app.use(compress());

  app.use(async (ctx, next) => {
    if (ctx.path !== '/remotes.json') return next();
    // Operators switch versions by editing the file; browsers must never keep an old copy.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = remotes.current;
  });

  // For operators: is each configured release answering, which version, how fast.
  app.use(async (ctx, next) => {
    if (ctx.path !== '/remotes/status') return next();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await remotesStatus(remotes.current);
  });

  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  app.use(cartServiceProxy(cartServiceUrl));

  app.use(
    serve(distDir, {
      index: false,
      setHeaders(res, path) {
        // Content-hashed files never change; everything else (manifests) must be revalidated.
        const hashed = /[/\\]static[/\\]/.test(path);
        res.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
      },
    }),
  );

  // History fallback: the route table decides between the app (200) and its 404 page (404).
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      return;
    }
    ctx.status = isKnownPath(ctx.path) ? 200 : 404;
    ctx.type = 'html';
    // The hints follow remotes.json as it is now, so the page must not be reused from a cache.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = withHints(indexHtml, pageHints(remotes.current));
  });

  return app;
}
