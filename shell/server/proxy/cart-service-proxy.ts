import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { Pool } from 'undici';
import { SHOP_UNAVAILABLE_MESSAGE, type ApiErrorBody, type ApiErrorCode } from '@shop/contracts/errors';
import { bodyTooLargeMessage } from '@shop/contracts/limits';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import { forwardedRequestHeaders, forwardedResponseHeaders } from './hop-by-hop';
import { errorBody } from '@shop/server-kit/api-error';

const answers = {
  unavailable: SHOP_UNAVAILABLE_MESSAGE,
  upstream_timeout:
    'La boutique n’a pas répondu à temps : votre demande a peut-être été enregistrée. Vérifiez votre panier avant de réessayer.',
  invalid_json: 'Le corps de la requête n’a pas pu être lu.',
} as const;

/** The connection to cart-service was never made: nothing happened there, the request may be sent again as it is. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The pool of connections to cart-service: kept alive between requests (a new TCP connection per request ran the
 * loopback out of ports under load: p99 over 3 s), and bounded, so a burst queues here instead of opening hundreds.
 * An idle connection is closed before cart-service's own keep-alive timeout (Node's 5 s) would close it under a request.
 */
export const CART_SERVICE_POOL = { connections: 64, keepAliveTimeoutMs: 4000, answerTimeoutMs: 10_000 } as const;

function sendError(res: ServerResponse, status: number, code: ApiErrorCode, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ApiErrorBody = errorBody(code, message);
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
 * - Only end-to-end headers cross, either way (proxy/hop-by-hop.ts): cart-service's `Connection: close` or
 *   `Transfer-Encoding` would describe the wrong connection to the client.
 * - X-Forwarded-For and -Proto are the ones trustedForwarding wrote (the shopper's address and protocol, never what a
 *   client sent), passed as they are: cart-service trusts them from this server only.
 * - Failures get an answer the browser can act on: 502 when cart-service could not be reached (nothing happened), 504
 *   when it was reached but its answer was lost (the change may have been made: the cart UI reads the cart again).
 *   When the answer fails after its head was sent, the client's connection is destroyed before the message's end
 *   (the last chunk, or the announced length), so every HTTP client sees a cut answer as cut, never as complete.
 */
export function cartServiceProxy({ target, bodyLimitBytes }: CartServiceProxyOptions): Middleware {
  const pool = new Pool(new URL(target).origin, {
    connections: CART_SERVICE_POOL.connections,
    keepAliveTimeout: CART_SERVICE_POOL.keepAliveTimeoutMs,
    headersTimeout: CART_SERVICE_POOL.answerTimeoutMs,
    bodyTimeout: CART_SERVICE_POOL.answerTimeoutMs,
  });

  const forward = async (ctx: Context) => {
    const { req, res } = ctx;
    let body: Buffer | null = null;
    if (hasBody(req)) {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > bodyLimitBytes) {
        req.resume();
        return sendError(res, 413, 'payload_too_large', bodyTooLargeMessage(bodyLimitBytes));
      }
      try {
        body = await readBodyWithin(req, bodyLimitBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) return sendError(res, 413, 'payload_too_large', bodyTooLargeMessage(bodyLimitBytes));
        return sendError(res, 400, 'invalid_json', answers.invalid_json);
      }
    }
    try {
      await pool.stream(
        { path: req.url ?? '/', method: req.method as 'GET', headers: forwardedRequestHeaders(req.headers), body },
        ({ statusCode, headers }) => {
          res.writeHead(statusCode, forwardedResponseHeaders(headers));
          return res;
        },
      );
    } catch (error) {
      // After the head, undici has destroyed the client's response already (the answer is cut); before it, say why.
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (NOT_REACHED.has(code)) sendError(res, 502, 'unavailable', answers.unavailable);
      else sendError(res, 504, 'upstream_timeout', answers.upstream_timeout);
    }
  };

  return async (ctx, next) => {
    if (!/^\/(api|images)(\/|$)/.test(ctx.path)) return next();
    // The raw response is written here; Koa must stay out of the way.
    ctx.respond = false;
    await forward(ctx);
  };
}
