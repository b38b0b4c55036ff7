import { gzipSync } from 'node:zlib';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from './otlp-receiver';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
beforeEach(() => receiver.clear());
afterAll(() => receiver.close());

type ProtobufConfig = NonNullable<ConstructorParameters<typeof ProtobufTraceExporter>[0]>;
/** The SDK's own exporters, as the shop's servers build them (start-tracing.ts), aimed at the receiver. */
const PROTOCOLS: { name: string; contentType: string; gzipped: number; exporter: (url: string) => SpanExporter }[] = [
  { name: 'http/json', contentType: 'application/json', gzipped: 0, exporter: (url) => new JsonTraceExporter({ url }) },
  { name: 'http/protobuf', contentType: 'application/x-protobuf', gzipped: 0, exporter: (url) => new ProtobufTraceExporter({ url }) },
  {
    name: 'http/protobuf, gzipped',
    contentType: 'application/x-protobuf',
    gzipped: 2,
    exporter: (url) => new ProtobufTraceExporter({ url, compression: 'gzip' as ProtobufConfig['compression'] }),
  },
];

const PARENT_ATTRIBUTES = {
  'shop.text': 'bonjour',
  'shop.count': 42,
  'shop.negative': -7,
  'shop.ratio': 0.25,
  'shop.flag': true,
  'shop.tags': ['a', 'b'],
  'shop.sizes': [36, 38],
};

describe('startOtlpReceiver', () => {
  it.each(PROTOCOLS)('holds what the SDK exports as $name: one trace, parent and child, their attributes and service', async (protocol) => {
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'receiver-test' }),
      spanProcessors: [new SimpleSpanProcessor(protocol.exporter(receiver.tracesUrl))],
    });
    const tracer = provider.getTracer('receiver-test-scope');
    // Times given, not read from a clock: the receiver's conversion from the wire's nanoseconds is checked exactly.
    const parent = tracer.startSpan('GET /shop/face', { kind: SpanKind.SERVER, attributes: PARENT_ATTRIBUTES, startTime: 1_700_000_000_000 });
    // Given explicitly: no context manager is registered in this test.
    const child = tracer.startSpan('render', { attributes: { 'shop.part': 'mf_frame/Header', 'shop.late': false } }, trace.setSpan(ROOT_CONTEXT, parent));
    child.addEvent('retry', { attempt: 2 });
    child.setStatus({ code: SpanStatusCode.ERROR, message: 'part failed' });
    child.end();
    // One export request per span (SimpleSpanProcessor): the child's is awaited before the parent's is sent, so they
    // arrive in the order they ended (gzipping makes two requests in flight race).
    await receiver.waitFor((spans) => spans.length === 1);
    parent.end(1_700_000_000_250.5);
    await provider.forceFlush();
    await provider.shutdown();

    const spans = receiver.spans;
    expect(spans.map((span) => span.name)).toEqual(['render', 'GET /shop/face']);
    const [received, receivedParent] = spans as [(typeof spans)[0], (typeof spans)[0]];
    expect(receivedParent).toMatchObject({
      traceId: parent.spanContext().traceId,
      spanId: parent.spanContext().spanId,
      parentSpanId: undefined,
      kind: 2,
      service: 'receiver-test',
      scope: 'receiver-test-scope',
      attributes: PARENT_ATTRIBUTES,
      status: { code: 0 },
      events: [],
    });
    expect(received).toMatchObject({
      traceId: parent.spanContext().traceId,
      spanId: child.spanContext().spanId,
      parentSpanId: receivedParent.spanId,
      kind: 1,
      service: 'receiver-test',
      attributes: { 'shop.part': 'mf_frame/Header', 'shop.late': false },
      status: { code: 2, message: 'part failed' },
      events: [{ name: 'retry', attributes: { attempt: 2 } }],
    });
    expect(received.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(received.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(receivedParent).toMatchObject({ startMs: 1_700_000_000_000, endMs: 1_700_000_000_250.5 });
    expect(receiver.trace(parent.spanContext().traceId)).toHaveLength(2);
    // SimpleSpanProcessor exports each span as it ends.
    expect(receiver.requests).toEqual({ count: 2, contentTypes: { [protocol.contentType]: 2 }, gzipped: protocol.gzipped, rejected: 0 });
  });

  it.each([
    ['JSON that does not parse', 'application/json', Buffer.from('{"resourceSpans": [')],
    ['JSON with a span id that is not hex', 'application/json', Buffer.from(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'x', spanId: 'y' }] }] }] }))],
    ['bytes that are not protobuf', 'application/x-protobuf', Buffer.from('not protobuf')],
    ['a truncated protobuf message', 'application/x-protobuf', Buffer.from([0x0a, 0x05, 0x0a])],
  ])('answers 400 with a JSON error to %s', async (_, contentType, body) => {
    const answer = await fetch(receiver.tracesUrl, { method: 'POST', headers: { 'content-type': contentType }, body });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual({ error: { code: 'invalid_body', message: expect.stringContaining('does not decode') } });
    expect(receiver.requests).toMatchObject({ count: 0, rejected: 1 });
  });

  it('answers 400 to a gzipped body that does not gunzip, and reads one that does', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    expect((await fetch(receiver.tracesUrl, { method: 'POST', headers, body: Buffer.from('not gzip') })).status).toBe(400);
    const answer = await fetch(receiver.tracesUrl, { method: 'POST', headers, body: gzipSync(JSON.stringify({ resourceSpans: [] })) });
    expect([answer.status, await answer.text()]).toEqual([200, '{}']);
  });

  it('answers 405 to another method, 404 to another path, 415 to another content type', async () => {
    const get = await fetch(receiver.tracesUrl);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await get.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect((await fetch(`${receiver.url}/v1/metrics`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(receiver.tracesUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(415);
  });

  it('listens on loopback only', () => {
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(receiver.tracesUrl).toBe(`${receiver.url}/v1/traces`);
  });

  it('waitFor resolves on the batch that satisfies it, and rejects after its timeout saying what came', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const span = (spanId: string, name: string) => ({ traceId, spanId, name, startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000001500000' });
    const post = (spans: object[]) =>
      fetch(receiver.tracesUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cart-service' } }] }, scopeSpans: [{ spans }] }] }),
      });

    const waiting = receiver.waitFor((spans) => spans.some((received) => received.name === 'second'), 2_000);
    await post([span('b7ad6b7169203331', 'first')]);
    await post([span('b7ad6b7169203332', 'second')]);
    const spans = await waiting;
    expect(spans.map((received) => received.name)).toEqual(['first', 'second']);
    expect(spans[0]).toMatchObject({ service: 'cart-service', startMs: 1_700_000_000_000, endMs: 1_700_000_000_001.5 });

    // It gives up after its 100 ms rather than waiting for ever: the test's own timeout would catch a hang.
    await expect(receiver.waitFor((all) => all.length > 2, 100)).rejects.toThrow(
      /not satisfied after 100 ms; received 2 span\(s\) in 2 request\(s\):\n {2}cart-service "first" trace 0af7651916cd43dd8448eb211c80319c span b7ad6b7169203331/,
    );
  });
});
