import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Koa from 'koa';
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import { MAX_API_BODY_BYTES } from '@shop/contracts/limits';
import { builtFiles, REVALIDATE } from '@shop/server-kit/cache-control';
import { TRUST_NOBODY, trustedForwarding, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { isKnownPath } from '@shop/contracts/route-matching';
import { contentSecurityPolicyHeader } from './content-security-policy';
import { pageHints, withHints } from './page-hints';
import { cartServiceProxy } from './proxy';
import type { Logger, RemotesConfigFile } from './remotes-config-file';
import { cachedRemotesStatus } from './remotes-status';
import { securityHeaders } from './security-headers';

export interface ShellServerOptions {
  distDir: string;
  cartServiceUrl: string;
  remotes: Pick<RemotesConfigFile, 'current'>;
  /** Proxies in front of this server trusted to name the shopper's address and protocol (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  log?: Pick<Logger, 'error'>;
}

/** A fixed path answering GET and HEAD only; anything else is 405 with Allow. */
function readOnlyPath(path: string, answer: Middleware): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== path) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { error: { code: 'method_not_allowed', message: 'Méthode non autorisée pour cette adresse.' } };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    return answer(ctx, next);
  };
}

export async function createShellServer(options: ShellServerOptions): Promise<Koa> {
  const { distDir, cartServiceUrl, remotes } = options;
  const log = options.log ?? { error: (message: string) => console.error(message) };
  const indexHtml = await readFile(join(distDir, 'index.html'), 'utf8');
  const app = new Koa();
  // ctx.ip and ctx.protocol read the X-Forwarded-* headers that trustedForwarding has rewritten (never a client's own).
  app.proxy = true;
  const status = cachedRemotesStatus(() => remotes.current);

  // Liveness first: it never depends on the remotes configuration or anything after it.
  app.use(readOnlyPath('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  }));
  app.use(trustedForwarding(options.trustProxy ?? TRUST_NOBODY));
  app.use(securityHeaders());
  app.use(contentSecurityPolicyHeader(() => remotes.current, log));
  app.use(compress());

  // Operators switch versions by editing the file; browsers must never keep an old copy. Read-only over HTTP.
  app.use(readOnlyPath('/remotes.json', (ctx) => {
    ctx.body = remotes.current;
  }));
  // For operators: is each configured release answering, which version, how fast (one check per few seconds).
  app.use(readOnlyPath('/remotes/status', async (ctx) => {
    ctx.body = await status();
  }));

  app.use(cartServiceProxy({ target: cartServiceUrl, bodyLimitBytes: MAX_API_BODY_BYTES }));

  // Content-hashed files never change; everything else (manifests) must be revalidated.
  app.use(builtFiles(distDir, { index: false }));

  // History fallback: the route table decides between the app (200) and its 404 page (404).
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    ctx.status = isKnownPath(ctx.path) ? 200 : 404;
    ctx.type = 'html';
    // The hints follow remotes.json as it is now, so the page must not be reused from a cache.
    ctx.set('Cache-Control', REVALIDATE);
    ctx.body = withHints(indexHtml, pageHints(remotes.current));
  });

  return app;
}
