import { createServer } from 'node:http';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { closeServer, listen, urlOf } from '../listening-server';
import { parseTrustProxy, type TrustProxy } from '../trusted-proxy';
import { routeOnServerSpan, traceContextFromTrustedPeers } from './server-span';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

/** A server behind `trust` that answers the trace headers its handlers see. */
async function serverTrusting(trust: TrustProxy) {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { traceparent: ctx.get('traceparent') || null, tracestate: ctx.get('tracestate') || null };
  });
  const server = traceContextFromTrustedPeers(createServer(app.callback()), trust);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('traceContextFromTrustedPeers', () => {
  it('keeps the trace context a trusted proxy sends', async () => {
    const server = await serverTrusting(parseTrustProxy('loopback', 'none'));
    const answer = await fetch(urlOf(server), { headers: { traceparent: TRACEPARENT, tracestate: 'shop=1' } });
    expect(await answer.json()).toEqual({ traceparent: TRACEPARENT, tracestate: 'shop=1' });
    await closeServer(server);
  });

  it('drops the trace context anyone else sends, as it drops their X-Forwarded-For', async () => {
    const server = await serverTrusting(parseTrustProxy('none', 'none'));
    const answer = await fetch(urlOf(server), { headers: { traceparent: TRACEPARENT, tracestate: 'shop=1', baggage: 'user=1' } });
    expect(await answer.json()).toEqual({ traceparent: null, tracestate: null });
    await closeServer(server);
  });
});

describe('routeOnServerSpan', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  afterAll(() => provider.shutdown());

  /** Runs the middleware inside a server span, as the HTTP instrumentation does; the spans' names and routes. */
  async function named(route: (ctx: Koa.Context) => string | undefined, path: string, method = 'GET') {
    exporter.reset();
    const app = new Koa();
    app.use((ctx, next) => trace.getTracer('test').startActiveSpan(method, (span) => Promise.resolve(next()).finally(() => span.end())));
    app.use(routeOnServerSpan(route));
    app.use((ctx) => {
      (ctx as { _matchedRoute?: string })._matchedRoute = '/api/cart/items/:productId';
      ctx.body = 'ok';
    });
    const server = await listen(app);
    await (await fetch(`${urlOf(server)}${path}`, { method })).text();
    await closeServer(server);
    return exporter.getFinishedSpans().map((span) => [span.name, span.attributes['http.route']]);
  }

  it('names the span after a route the path tells, never the path', async () => {
    expect(await named(() => '/shop/product/:slug', '/shop/product/creme-argan')).toEqual([['GET /shop/product/:slug', '/shop/product/:slug']]);
  });

  it('names it after the route the router matched, once it has', async () => {
    const matched = (ctx: Koa.Context) => (ctx as { _matchedRoute?: string })._matchedRoute;
    expect(await named(matched, '/api/cart/items/p-12', 'POST')).toEqual([['POST /api/cart/items/:productId', '/api/cart/items/:productId']]);
  });

  it('leaves a request no route knows as the method alone', async () => {
    expect(await named(() => undefined, '/nowhere')).toEqual([['GET', undefined]]);
  });
});
