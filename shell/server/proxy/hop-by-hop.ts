import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1), so a proxy never passes them on, either
 * way: each side of the proxy has its own connection. `Proxy-*` are the credentials and hints of the hop they were
 * sent to. `Expect` and `Content-Length` are left out of a forwarded request because the shell has read the body
 * itself: the request it sends carries the length of what it sends.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection']);
const READ_HERE = new Set(['content-length', 'expect']);
/** The shell's request to cart-service is traced as its own span: the trace context it sends is the shell's (decision 035). */
const TRACE_CONTEXT = ['traceparent', 'tracestate', 'baggage'];

/** The header names a `Connection` header lists as belonging to this hop (`Connection: close, X-Hop`). */
function namedByConnection(value: string | string[] | undefined): Set<string> {
  const list = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean));
}

function endToEnd<T extends string | number | string[] | undefined>(
  headers: Record<string, T>,
  alsoDrop: ReadonlySet<string>,
): Record<string, Exclude<T, undefined>> {
  const named = namedByConnection(headers.connection as string | string[] | undefined);
  const kept: Record<string, Exclude<T, undefined>> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || named.has(lower) || alsoDrop.has(lower)) continue;
    kept[lower] = value as Exclude<T, undefined>;
  }
  return kept;
}

/**
 * A page's language is its URL's (decision 036): its calls to the API say it (`?lang=`), and one without says French,
 * whatever languages the browser prefers, so a French page never shows an Arabic message because of the browser.
 */
const PAGE_LANGUAGE_ONLY = ['accept-language'];

/** What the shell sends on to cart-service of a client's request headers. */
export const forwardedRequestHeaders = (headers: IncomingHttpHeaders): Record<string, string | string[]> =>
  endToEnd(headers, new Set([...READ_HERE, ...TRACE_CONTEXT, ...PAGE_LANGUAGE_ONLY]));

/** What the shell passes back to the client of cart-service's response headers. */
export const forwardedResponseHeaders = (headers: Record<string, string | string[] | undefined>): OutgoingHttpHeaders => endToEnd(headers, new Set());
