import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware, ParameterizedContext } from 'koa';
import type { TrustProxy } from '../trusted-proxy';
import { shopTracer } from './shop-spans';

/** Probes and scrapes answer every few seconds and say nothing about a shopper's request: never traced. */
export const UNTRACED_PATHS = /^\/(?:healthz|readyz|metrics)(?:\/|$)/;

export interface ServerSpanOptions {
  /** The proxies TRUST_PROXY names: only their trace context counts, as only their X-Forwarded-For does. */
  trust: TrustProxy;
  /**
   * The route a request is named after (`/shop/product/:slug`, `/api/cart/add`), never its path: asked before the rest
   * of the middleware runs (a route the path alone tells) and, if it had none, after it (@koa/router's matched route).
   */
  route: (ctx: ParameterizedContext) => string | undefined;
}

const tracer = shopTracer('http');

/**
 * The server span of each request (decision 035), the first middleware of a Koa server. Its parent is the W3C trace
 * context the request carries when its TCP peer is a trusted proxy, else none: a client cannot choose a trace id, its
 * sampling or its parent. Named `GET /shop/product/:slug` with the semantic conventions' attributes; the path without
 * its query, never a header. It ends when the answer has been sent or the connection closed.
 *
 * Not the HTTP instrumentation's incoming spans: for the same span, it binds every request's and response's event
 * emitters to the context, and cost the shell 0.5 ms of CPU per page (decision 035's figures). It still traces the
 * requests a server makes.
 */
export function serverSpans(options: ServerSpanOptions): Middleware {
  return async (ctx, next) => {
    if (UNTRACED_PATHS.test(ctx.path)) return next();
    const { req, res } = ctx;
    const trusted = options.trust.trusts(req.socket.remoteAddress ?? '', 0);
    const parent = trusted ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
    const span = tracer.startSpan(
      req.method ?? 'GET',
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method ?? 'GET',
          'url.path': ctx.path,
          'url.scheme': ctx.protocol,
          'network.protocol.version': req.httpVersion,
        },
      },
      parent,
    );
    if (!span.isRecording()) return context.with(trace.setSpan(parent, span), next);
    let named = false;
    const name = () => {
      const pattern = named ? undefined : options.route(ctx);
      if (!pattern) return;
      named = true;
      span.setAttribute('http.route', pattern);
      span.updateName(`${req.method} ${pattern}`);
    };
    name();
    res.once('close', () => {
      name();
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    await context.with(trace.setSpan(parent, span), next);
  };
}
