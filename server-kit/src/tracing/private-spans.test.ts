import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { BasicTracerProvider, SimpleSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { privateSpans, privateUrl, REDACTED } from './private-spans';

/** Real spans from the SDK, through the private exporter, into a list. */
function exported() {
  const spans: ReadableSpan[] = [];
  const sink: SpanExporter = {
    export: (batch: ReadableSpan[], done: (result: ExportResult) => void) => {
      spans.push(...batch);
      done({ code: ExportResultCode.SUCCESS });
    },
    shutdown: () => Promise.resolve(),
  };
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(privateSpans(sink))] });
  return { spans, tracer: provider.getTracer('test') };
}

describe('privateUrl', () => {
  it.each([
    ['/operations/orders?q=0612345678&status=new', `/operations/orders?q=${REDACTED}&status=${REDACTED}`],
    ['http://127.0.0.1:4000/api/products?category=visage#top', `http://127.0.0.1:4000/api/products?category=${REDACTED}#top`],
    ['/apercu/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde', `/apercu/${REDACTED}`],
    ['/apercu/quitter', '/apercu/quitter'],
    ['/shop/product/creme-hydratante', '/shop/product/creme-hydratante'],
  ])('%s', (url, expected) => {
    expect(privateUrl(url)).toBe(expected);
  });

  it('redacts a bare query', () => {
    expect(privateUrl('q=Fatima&limit=20', true)).toBe(`q=${REDACTED}&limit=${REDACTED}`);
  });
});

describe('privateSpans', () => {
  it('drops cookies, credentials, tokens and the client’s address, hides phone numbers and query values, keeps the rest', () => {
    const { spans, tracer } = exported();
    const span = tracer.startSpan('GET /operations/orders', {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.header.cookie': ['shop_session=abc'],
        'http.request.header.authorization': ['Bearer xyz'],
        'shop.view_token': 'v1.abc',
        'url.full': 'http://shop/operations/orders?q=0612345678',
        'url.query': 'q=0612345678',
        'exception.message': 'no order for 06 12 34 56 78',
        'http.response.status_code': 200,
        'shop.remote.version': '1.4.0',
        'client.address': '203.0.113.7',
        'network.peer.address': '203.0.113.7',
      },
    });
    span.addEvent('exception', { 'exception.message': 'phone +212612345678 refused' });
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'bad 0712345678' });
    span.end();
    const [sent] = spans;
    expect(sent!.attributes).toEqual({
      'url.full': `http://shop/operations/orders?q=${REDACTED}`,
      'url.query': `q=${REDACTED}`,
      'exception.message': `no order for ${REDACTED}`,
      'http.response.status_code': 200,
      'shop.remote.version': '1.4.0',
    });
    expect(sent!.events[0]!.attributes).toEqual({ 'exception.message': `phone ${REDACTED} refused` });
    expect(sent!.status).toEqual({ code: SpanStatusCode.ERROR, message: `bad ${REDACTED}` });
    // The copy is still the span: same ids, times and scope.
    expect(sent!.spanContext().spanId).toBe(span.spanContext().spanId);
    expect(sent!.duration).toEqual((span as unknown as ReadableSpan).duration);
    expect(sent!.instrumentationScope.name).toBe('test');
  });
});

it('keeps the address a client span was sent to', () => {
  const { spans, tracer } = exported();
  tracer.startSpan('GET', { kind: SpanKind.CLIENT, attributes: { 'server.address': '127.0.0.1', 'network.peer.address': '127.0.0.1' } }).end();
  expect(spans[0]!.attributes).toEqual({ 'server.address': '127.0.0.1', 'network.peer.address': '127.0.0.1' });
});
