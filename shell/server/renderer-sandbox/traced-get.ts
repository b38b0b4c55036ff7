import { context, propagation, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { inSpan } from '@shop/server-kit/tracing/shop-spans';

/**
 * A GET in a client span of its own, carrying its trace context: the renderer's one kind of outgoing call (an API
 * read), traced by hand so that no instrumentation library, and none of its module hooks, runs where the releases' code
 * runs. Untraced (`tracer` null) it is fetch itself.
 */
export function tracedGet(tracer: Tracer | null, url: URL, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
  // A read made outside a traced page (the renderer warming up) starts no trace of its own.
  if (!tracer || !trace.getActiveSpan()) return fetch(url, init);
  const attributes = {
    'http.request.method': 'GET',
    'url.full': url.href,
    'server.address': url.hostname,
    'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
  return inSpan(tracer, 'GET', { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const headers = { ...init.headers };
    propagation.inject(context.active(), headers);
    const response = await fetch(url, { ...init, headers });
    span.setAttribute('http.response.status_code', response.status);
    if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return response;
  });
}
