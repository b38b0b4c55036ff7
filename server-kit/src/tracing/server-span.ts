import type { IncomingMessage, Server } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import type { TrustProxy } from '../trusted-proxy';

/** The W3C trace context headers (and baggage, which the shop never reads) a request may carry. */
const TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;

/**
 * A request's trace context counts only when its TCP peer is a proxy `trust` names (TRUST_PROXY), the rule that decides
 * whose X-Forwarded-For counts: anyone else starts a trace of their own here, and cannot pick the trace id, its
 * sampling decision or its parent. The headers are removed before the HTTP instrumentation reads them: this wraps the
 * server's own `emit`, which runs before the instrumentation's (on `http.Server.prototype`).
 */
export function traceContextFromTrustedPeers(server: Server, trust: TrustProxy): Server {
  const emit = server.emit;
  server.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') dropUntrustedTraceContext(args[0] as IncomingMessage, trust);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as Server['emit'];
  return server;
}

export function dropUntrustedTraceContext(request: IncomingMessage, trust: TrustProxy): void {
  if (trust.trusts(request.socket.remoteAddress ?? '', 0)) return;
  for (const header of TRACE_HEADERS) delete request.headers[header];
}

/**
 * Names the request's server span after its route (`http.route`, and `POST /api/cart/add` as its name), never after a
 * path holding an id, a slug or a token. `route(ctx)` is asked before the rest of the middleware runs (a route the
 * path alone tells, answered before a proxied response ends the span) and, if it had none, after it (@koa/router's
 * matched route).
 */
export function routeOnServerSpan(route: (ctx: Parameters<Middleware>[0]) => string | undefined): Middleware {
  return async (ctx, next) => {
    const span = trace.getActiveSpan();
    const name = (pattern: string | undefined) => {
      if (!span || !pattern) return false;
      span.setAttribute('http.route', pattern);
      span.updateName(`${ctx.method} ${pattern}`);
      return true;
    };
    if (!span || name(route(ctx))) return next();
    try {
      await next();
    } finally {
      name(route(ctx));
    }
  };
}
