import { SpanKind, type Attributes, type AttributeValue } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { withoutMoroccanPhones } from '@shop/contracts/delivery';
import { PREVIEW_EXIT_PATH, PREVIEW_LINK_PREFIX } from '@shop/contracts/previews';

/**
 * What a span may never hold (decision 035), applied once, to every span of every process, on its way out: no cookie,
 * credential or token, no shopper's phone number or network address, no query value (a search for a phone number in
 * the operators' orders is one). The shop's own spans never set any of these; the instrumentations are configured not to; this is the
 * one place that makes it true whatever a library adds later.
 */

export const REDACTED = 'REDACTED';

/** Attribute keys dropped whole: a header captured by mistake, a credential, a token. */
const FORBIDDEN_KEY = /cookie|authorization|token|secret|password|api[-_.]?key/i;

/**
 * Who sent a request a server received: the shopper's address (or their proxy's). The shop's logs never hold it
 * (request-log.ts); its spans do not either.
 */
const CLIENT_ADDRESS_KEYS = new Set(['client.address', 'client.port', 'network.peer.address', 'network.peer.port', 'http.client_ip', 'net.peer.ip', 'net.peer.port']);

/** Attributes that hold a URL, a path or a query string. */
const URL_KEYS = new Set(['url.full', 'url.path', 'url.query', 'url.original', 'http.url', 'http.target']);

/** A preview link carries its token in its path (contracts' previews.ts); the exit path is not a token. */
const previewToken = new RegExp(`${PREVIEW_LINK_PREFIX.replace(/\//g, '\\/')}(?!${PREVIEW_EXIT_PATH.slice(PREVIEW_LINK_PREFIX.length)}(?:[?#]|$))[^/?#]+`, 'g');

/** A URL, a path with its query, or a bare query (`url.query`): every query value redacted, the names kept. */
export function privateUrl(value: string, bareQuery = false): string {
  const withoutToken = value.replace(previewToken, `${PREVIEW_LINK_PREFIX}${REDACTED}`);
  const query = bareQuery ? /(^|&)([^=&#]*)=[^&#]*/g : /([?&])([^=&#]*)=[^&#]*/g;
  return withoutToken.replace(query, (_match, start: string, name: string) => `${start}${name}=${REDACTED}`);
}

const privateText = (text: string) => withoutMoroccanPhones(text, REDACTED);

function privateValue(key: string, value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return privateText(URL_KEYS.has(key) ? privateUrl(value, key === 'url.query') : value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? privateText(item) : item)) as AttributeValue;
  return value;
}

export function privateAttributes(attributes: Attributes, kind?: SpanKind): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || FORBIDDEN_KEY.test(key) || (kind === SpanKind.SERVER && CLIENT_ADDRESS_KEYS.has(key))) continue;
    kept[key] = privateValue(key, value);
  }
  return kept;
}

/** A copy of `span` fit to leave the process. */
export function privateSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: privateText(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status.message === undefined ? span.status : { ...span.status, message: privateText(span.status.message) },
    attributes: privateAttributes(span.attributes, span.kind),
    links: span.links.map((link) => ({ ...link, attributes: link.attributes && privateAttributes(link.attributes) })),
    events: span.events.map((event) => ({ ...event, attributes: event.attributes && privateAttributes(event.attributes) })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** An exporter that sends what `exporter` would, each span made private first. */
export function privateSpans(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans: ReadableSpan[], done: (result: ExportResult) => void) => exporter.export(spans.map(privateSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
