import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ApiErrorBody, ApiErrorCode } from '@shop/contracts/errors';
import { bodyTooLargeMessage } from '@shop/contracts/limits';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';

const answers = {
  unavailable: 'La boutique est momentanément indisponible. Réessayez dans un instant.',
  upstream_timeout:
    'La boutique n’a pas répondu à temps : votre demande a peut-être été enregistrée. Vérifiez votre panier avant de réessayer.',
  invalid_json: 'Le corps de la requête n’a pas pu être lu.',
} as const;

/** The connection to cart-service was never made: nothing happened there, the request may be sent again as it is. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function sendError(res: ServerResponse, status: number, code: ApiErrorCode, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ApiErrorBody = { error: { code, message } };
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export interface CartServiceProxyOptions {
  target: string;
  /** The largest body cart-service accepts: bigger ones are answered 413 here, before anything is sent on. */
  bodyLimitBytes: number;
}

/**
 * Forwards /api and /images to cart-service (same origin for the browser, so cookies stay first-party).
 * - Bodies are read here first (they are small): over the API's limit the shop answers 413 itself, and cart-service
 *   always receives a complete body with its length.
 * - X-Forwarded-For and -Proto are the ones trustedForwarding wrote (the shopper's address and protocol, never what a
 *   client sent), passed as they are: cart-service trusts them from this server only.
 * - Failures get an answer the browser can act on: 502 when cart-service could not be reached (nothing happened), 504
 *   when it was reached but its answer was lost (the change may have been made: the cart UI reads the cart again).
 */
export function cartServiceProxy({ target, bodyLimitBytes }: CartServiceProxyOptions): Middleware {
  const proxy = createProxyMiddleware<IncomingMessage & { shopBody?: Buffer }, ServerResponse>({
    target,
    changeOrigin: false,
    xfwd: false,
    proxyTimeout: 10_000,
    on: {
      proxyReq(proxyReq, req) {
        if (!req.shopBody) return;
        proxyReq.removeHeader('transfer-encoding');
        proxyReq.setHeader('content-length', req.shopBody.length);
        proxyReq.write(req.shopBody);
      },
      error(error, _req, res) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (NOT_REACHED.has(code)) sendError(res as ServerResponse, 502, 'unavailable', answers.unavailable);
        else sendError(res as ServerResponse, 504, 'upstream_timeout', answers.upstream_timeout);
      },
    },
  });

  const forward = async (ctx: Context) => {
    const req = ctx.req as IncomingMessage & { shopBody?: Buffer };
    if (hasBody(req)) {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > bodyLimitBytes) {
        req.resume();
        return sendError(ctx.res, 413, 'payload_too_large', bodyTooLargeMessage(bodyLimitBytes));
      }
      try {
        req.shopBody = await readBodyWithin(req, bodyLimitBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) return sendError(ctx.res, 413, 'payload_too_large', bodyTooLargeMessage(bodyLimitBytes));
        return sendError(ctx.res, 400, 'invalid_json', answers.invalid_json);
      }
    }
    await new Promise<void>((resolve, reject) => {
      ctx.res.once('close', resolve);
      proxy(req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve()));
    });
  };

  return async (ctx, next) => {
    if (!/^\/(api|images)(\/|$)/.test(ctx.path)) return next();
    // The raw response is written here or by http-proxy-middleware; Koa must stay out of the way.
    ctx.respond = false;
    await forward(ctx);
  };
}
