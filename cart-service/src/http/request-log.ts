import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Generated ids: a random per-process prefix and a counter (unique, and cheaper than a UUID per request). */
const ID_PREFIX = randomBytes(6).toString('base64url');
let counter = 0;

/**
 * One structured line per request: method, path (no query string), status, duration, response size, request id.
 * Deliberately no headers, cookies, session or cart ids, query strings or client addresses. The request id comes
 * from a well-formed `X-Request-Id` (set by the proxy) or is generated, and is echoed back. The size is read from
 * Content-Length (bodies are set pre-serialised, see send-json.ts), so logging never serialises a body.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : `${ID_PREFIX}-${(counter += 1).toString(36)}`;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const status = ctx.status;
      const entry = {
        reqId: requestId,
        method: ctx.method,
        path: ctx.path.length > 200 ? `${ctx.path.slice(0, 200)}…` : ctx.path,
        status,
        ms: Math.round((performance.now() - started) * 100) / 100,
        bytes: Number(ctx.response.get('Content-Length')) || 0,
      };
      if (status >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    }
  };
}
