import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ApiErrorBody } from '@shop/contracts/errors';

const unavailable: ApiErrorBody = {
  error: { code: 'unavailable', message: 'La boutique est momentanément indisponible. Réessayez dans un instant.' },
};

/** Forwards /api and /images to cart-service (same origin for the browser, so cookies stay first-party). */
export function cartServiceProxy(target: string): Middleware {
  const proxy = createProxyMiddleware({
    target,
    changeOrigin: false,
    // cart-service trusts X-Forwarded-* (app.proxy) to know the shopper's protocol for Secure cookies.
    xfwd: true,
    proxyTimeout: 10_000,
    on: {
      error(_error, _req, res) {
        const response = res as ServerResponse;
        if (response.headersSent) return response.destroy();
        response.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        response.end(JSON.stringify(unavailable));
      },
    },
  });

  return async (ctx, next) => {
    if (!/^\/(api|images)(\/|$)/.test(ctx.path)) return next();
    // http-proxy-middleware writes the raw response itself; Koa must stay out of the way.
    ctx.respond = false;
    await new Promise<void>((resolve, reject) => {
      ctx.res.once('close', resolve);
      proxy(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve()));
    });
  };
}
