import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import Koa from 'koa';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeServer, listen, urlOf } from '../listening-server';
import { parseTrustProxy } from '../trusted-proxy';
import { serverSpans, type ServerSpanOptions } from './server-span';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_ID}-01`;

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
afterAll(() => provider.shutdown());
beforeEach(() => exporter.reset());

/** A real server with the middleware first, answering `status` after a router-like step names the route. */
async function request(options: Partial<ServerSpanOptions>, path: string, init: RequestInit = {}, status = 200) {
  const app = new Koa();
  app.use(serverSpans({ trust: parseTrustProxy('none', 'none'), route: () => undefined, ...options }));
  app.use((ctx) => {
    (ctx as { _matchedRoute?: string })._matchedRoute = '/api/cart/items/:productId';
    ctx.status = status;
    ctx.body = 'ok';
  });
  const server = await listen(app);
  await (await fetch(`${urlOf(server)}${path}`, init)).text();
  await closeServer(server);
  // The span ends when the answer's connection side closes: after the client has read it.
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

describe('serverSpans', () => {
  it('takes its parent from a trusted proxy’s trace context', async () => {
    const [span] = await request({ trust: parseTrustProxy('loopback', 'none') }, '/shop/face', { headers: { traceparent: TRACEPARENT } });
    expect(span!.spanContext().traceId).toBe(TRACE_ID);
    expect(span!.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(span!.kind).toBe(SpanKind.SERVER);
  });

  it('starts a trace of its own whatever anyone else sends, as it ignores their X-Forwarded-For', async () => {
    const [span] = await request({}, '/shop/face', { headers: { traceparent: TRACEPARENT } });
    expect(span!.spanContext().traceId).not.toBe(TRACE_ID);
    expect(span!.parentSpanContext).toBeUndefined();
  });

  it('is named after a route the path tells, with the conventions’ attributes and no query', async () => {
    const [span] = await request({ route: () => '/shop/product/:slug' }, '/shop/product/creme-argan?tel=0661223344');
    expect(span!.name).toBe('GET /shop/product/:slug');
    expect(span!.attributes).toEqual({
      'http.request.method': 'GET',
      'url.path': '/shop/product/creme-argan',
      'url.scheme': 'http',
      'network.protocol.version': '1.1',
      'http.route': '/shop/product/:slug',
      'http.response.status_code': 200,
    });
  });

  it('is named after the route the router matched once it has, and marks a server error', async () => {
    const matched = (ctx: Koa.ParameterizedContext) => (ctx as { _matchedRoute?: string })._matchedRoute;
    const [span] = await request({ route: matched }, '/api/cart/items/p-12', { method: 'POST' }, 503);
    expect(span!.name).toBe('POST /api/cart/items/:productId');
    expect(span!.attributes['http.response.status_code']).toBe(503);
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('leaves probes and scrapes untraced, and a request no route knows named by its method', async () => {
    expect(await request({}, '/healthz')).toEqual([]);
    expect(await request({}, '/metrics')).toEqual([]);
    expect((await request({}, '/nowhere')).map((span) => span.name)).toEqual(['GET']);
  });
});
