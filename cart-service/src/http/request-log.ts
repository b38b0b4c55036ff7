import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * One structured line per request: method, path (no query string), status, duration, response size, request id.
 * Deliberately no headers, cookies, session or cart ids, query strings or client addresses. The request id comes
 * from a well-formed `X-Request-Id` (set by the proxy) or is generated, and is echoed back.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
        bytes: ctx.response.length ?? 0,
      };
      if (status >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    }
  };
}
