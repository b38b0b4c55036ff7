import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from './otlp-receiver';
import { REDACTED } from './private-spans';
import { startTracing } from './start-tracing';
import { readTracingSettings, TRACING_PROTOCOLS } from './tracing-settings';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());
afterEach(() => {
  // Each test starts tracing as a process would, once: the API's globals are reset between them.
  trace.disable();
  context.disable();
  propagation.disable();
  receiver.clear();
});

describe.each(TRACING_PROTOCOLS)('tracing started from the standard variables, over %s', (protocol) => {
  it('sends the process’s spans, named and described by its resource, made private on the way', async () => {
    const settings = readTracingSettings('cart-service', {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
    });
    const tracing = await startTracing(settings);
    const tracer = trace.getTracer('test');
    tracer.startActiveSpan('GET /api/orders/track', { kind: SpanKind.SERVER, attributes: { 'url.query': 'phone=0661223344' } }, (span) => {
      tracer.startSpan('SELECT').end();
      span.end();
    });
    await tracing!.shutdown();

    const spans = receiver.spans;
    expect(spans.map((span) => span.name).sort()).toEqual(['GET /api/orders/track', 'SELECT']);
    const [server, statement] = ['GET /api/orders/track', 'SELECT'].map((name) => spans.find((span) => span.name === name)!);
    expect(statement!.parentSpanId).toBe(server!.spanId);
    expect(server!.service).toBe('cart-service');
    expect(server!.attributes['url.query']).toBe(`phone=${REDACTED}`);
    expect(Object.keys(receiver.requests.contentTypes)).toEqual([protocol === 'http/json' ? 'application/json' : 'application/x-protobuf']);
  });
});

it('does nothing when no endpoint is set: the API stays the no-op one', async () => {
  expect(await startTracing(readTracingSettings('shell', {}))).toBeNull();
  const span = trace.getTracer('test').startSpan('nothing');
  expect(span.isRecording()).toBe(false);
  span.end();
});

it('samples as OTEL_TRACES_SAMPLER says: a ratio of 0 records nothing a caller did not sample first', async () => {
  const settings = readTracingSettings('shell', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' });
  const tracing = await startTracing(settings);
  expect(trace.getTracer('test').startSpan('root').isRecording()).toBe(false);
  const sampledParent = trace.setSpanContext(context.active(), { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1, isRemote: true });
  expect(trace.getTracer('test').startSpan('child', {}, sampledParent).isRecording()).toBe(true);
  await tracing!.shutdown();
});
