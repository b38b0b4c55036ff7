import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { errorBody } from '../api-error';
import { closeServer, listen, urlOf } from '../listening-server';

export type AttributeValue = string | number | boolean | Array<AttributeValue | null>;
export type ReceivedAttributes = Record<string, AttributeValue>;

/**
 * One span as the receiver got it, flattened out of its resource (`service`, its service.name) and its instrumentation
 * scope (`scope`, its name). Ids are lowercase hex (32 and 16 digits) whichever protocol sent them; times are ms since
 * the epoch; `kind` is OTLP's, the API's plus one (1 internal, 2 server, 3 client, 4 producer, 5 consumer).
 */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  service: string;
  scope: string;
  attributes: ReceivedAttributes;
  startMs: number;
  endMs: number;
  status: { code: number; message?: string };
  events: { name: string; attributes: ReceivedAttributes }[];
}

/** `count` export requests decoded (answered 200), by media type and how many gzipped; `rejected` did not (400). */
export interface ReceivedRequests {
  count: number;
  contentTypes: Record<string, number>;
  gzipped: number;
  rejected: number;
}

export interface OtlpReceiver {
  /** The origin, `http://127.0.0.1:<port>`: OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string;
  /** `${url}/v1/traces`: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or an exporter's `url`. */
  readonly tracesUrl: string;
  /** Every span received since the start or the last `clear()`, in arrival order (a copy). */
  readonly spans: ReceivedSpan[];
  readonly requests: ReceivedRequests;
  clear(): void;
  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[];
  /**
   * Resolves with all spans once `predicate` holds for them: checked now and again on every batch received. Exporters
   * send in batches on their own schedule, so a test cannot know which batch completes what it waits for.
   */
  waitFor(predicate: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

const TRACES_PATH = '/v1/traces';
const JSON_TYPE = 'application/json';
const PROTOBUF_TYPE = 'application/x-protobuf';
const gunzipAsync = promisify(gunzip);

/**
 * Stands for an OpenTelemetry Collector in tests: receives OTLP/HTTP traces at `POST /v1/traces`, as JSON
 * (`application/json`) or protobuf (`application/x-protobuf`), gzipped or not, the way the SDK's exporters send them
 * (`@opentelemetry/exporter-trace-otlp-http` and `-proto`), and keeps the spans in memory for the test to read.
 * Listens on loopback only, on a free port: spans may hold what a test's shopper typed.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  let spans: ReceivedSpan[] = [];
  let requests: ReceivedRequests = { count: 0, contentTypes: {}, gzipped: 0, rejected: 0 };
  const waiters = new Set<{ check: () => void; fail: (error: Error) => void }>();

  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.url?.split('?')[0] !== TRACES_PATH) return answerError(res, 404, 'not_found', `only ${TRACES_PATH} is served`);
    if (req.method !== 'POST') return answerError(res, 405, 'method_not_allowed', `${TRACES_PATH} takes POST`, { allow: 'POST' });
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if ((contentType !== JSON_TYPE && contentType !== PROTOBUF_TYPE) || (encoding !== 'gzip' && encoding !== 'identity')) {
      return answerError(res, 415, 'unsupported_media_type', `expects ${JSON_TYPE} or ${PROTOBUF_TYPE}, gzipped or not, not ${contentType} (${encoding})`);
    }
    let batch: ReceivedSpan[];
    try {
      const raw = Buffer.concat(await req.toArray());
      const body = encoding === 'gzip' ? await gunzipAsync(raw) : raw;
      batch = flatten(contentType === JSON_TYPE ? JSON.parse(body.toString('utf8')) : decodeMessage(body, 'request'));
    } catch (error) {
      requests.rejected += 1;
      return answerError(res, 400, 'invalid_body', `${contentType} body does not decode: ${(error as Error).message}`);
    }
    // Stored before answering: once an exporter's export (or a provider's forceFlush) resolves, the spans are here.
    spans.push(...batch);
    requests.count += 1;
    requests.contentTypes[contentType] = (requests.contentTypes[contentType] ?? 0) + 1;
    if (encoding === 'gzip') requests.gzipped += 1;
    for (const waiter of [...waiters]) waiter.check();
    // An empty ExportTraceServiceResponse: `{}` in JSON, zero bytes in protobuf.
    res.writeHead(200, { 'content-type': contentType }).end(contentType === JSON_TYPE ? '{}' : undefined);
  }

  await listen(server);
  const url = urlOf(server);
  return {
    url,
    tracesUrl: `${url}${TRACES_PATH}`,
    get spans() {
      return [...spans];
    },
    get requests() {
      return { ...requests, contentTypes: { ...requests.contentTypes } };
    },
    clear() {
      spans = [];
      requests = { count: 0, contentTypes: {}, gzipped: 0, rejected: 0 };
    },
    trace: (traceId) => spans.filter((span) => span.traceId === traceId),
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise<ReceivedSpan[]>((resolve, reject) => {
        const settle = (outcome: () => void) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          outcome();
        };
        const waiter = {
          check() {
            try {
              if (predicate([...spans])) settle(() => resolve([...spans]));
            } catch (error) {
              settle(() => reject(error as Error));
            }
          },
          fail: (error: Error) => settle(() => reject(error)),
        };
        const timer = setTimeout(() => waiter.fail(new Error(`waitFor: not satisfied after ${timeoutMs} ms; ${summary(spans, requests)}`)), timeoutMs);
        waiters.add(waiter);
        waiter.check();
      }),
    async close() {
      for (const waiter of [...waiters]) waiter.fail(new Error(`waitFor: the receiver closed; ${summary(spans, requests)}`));
      await closeServer(server);
    },
  };
}

function answerError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': JSON_TYPE, ...headers }).end(JSON.stringify(errorBody(code, message)));
}

/** What a timed-out wait got instead, so that its failure says why without a rerun. */
function summary(spans: readonly ReceivedSpan[], requests: ReceivedRequests): string {
  const shown = spans.slice(0, 50).map((span) => `  ${span.service} "${span.name}" trace ${span.traceId} span ${span.spanId} parent ${span.parentSpanId ?? '-'}`);
  const more = spans.length > shown.length ? [`  … and ${spans.length - shown.length} more`] : [];
  const rejected = requests.rejected ? `, ${requests.rejected} rejected` : '';
  return [`received ${spans.length} span(s) in ${requests.count} request(s)${rejected}:`, ...shown, ...more].join('\n');
}

const fail = (message: string): never => {
  throw new Error(message);
};

const serviceOf = ({ 'service.name': name }: ReceivedAttributes) => (typeof name === 'string' ? name : '');
/** Kept to the microsecond: a Unix time in ns is past 2^53, so dividing it as a double would round first. */
const msOf = (nanos: bigint) => Number(nanos / 1000n) / 1000;

// OTLP/JSON (the protobuf's JSON mapping, with hex ids): int64s come as strings or numbers.
type JsonAnyValue = { stringValue?: string; boolValue?: boolean; intValue?: string | number; doubleValue?: string | number; arrayValue?: { values?: JsonAnyValue[] } };
type JsonAttributes = { key: string; value?: JsonAnyValue }[] | undefined;
interface JsonSpan {
  traceId?: string; spanId?: string; parentSpanId?: string; name?: string; kind?: number; attributes?: JsonAttributes;
  startTimeUnixNano?: string | number; endTimeUnixNano?: string | number; status?: { code?: number; message?: string };
  events?: { name?: string; attributes?: JsonAttributes }[];
}
type JsonRequest = { resourceSpans?: { resource?: { attributes?: JsonAttributes }; scopeSpans?: { scope?: { name?: string }; spans?: JsonSpan[] }[] }[] };

/** Reads an ExportTraceServiceRequest in OTLP/JSON's shape, whichever protocol brought it. */
function flatten(request: unknown): ReceivedSpan[] {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) fail('not an ExportTraceServiceRequest object');
  const hex = (id: unknown, digits: number, what: string) =>
    typeof id === 'string' && id.length === digits && /^[0-9a-f]*$/i.test(id) ? id.toLowerCase() : fail(`${what} is not ${digits} hex digits`);
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of (request as JsonRequest).resourceSpans ?? []) {
    const service = serviceOf(jsonAttributes(resourceSpans.resource?.attributes));
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          traceId: hex(span.traceId, 32, 'traceId'),
          spanId: hex(span.spanId, 16, 'spanId'),
          parentSpanId: span.parentSpanId ? hex(span.parentSpanId, 16, 'parentSpanId') : undefined,
          name: String(span.name ?? ''),
          kind: Number(span.kind ?? 0),
          service,
          scope: String(scopeSpans.scope?.name ?? ''),
          attributes: jsonAttributes(span.attributes),
          startMs: msOf(BigInt(span.startTimeUnixNano ?? 0)),
          endMs: msOf(BigInt(span.endTimeUnixNano ?? 0)),
          status: { code: Number(span.status?.code ?? 0), message: span.status?.message || undefined },
          events: (span.events ?? []).map((event) => ({ name: String(event.name ?? ''), attributes: jsonAttributes(event.attributes) })),
        });
      }
    }
  }
  return spans;
}

function jsonAttributes(attributes: JsonAttributes): ReceivedAttributes {
  const out: ReceivedAttributes = {};
  for (const { key, value } of attributes ?? []) {
    const decoded = jsonAnyValue(value);
    if (decoded !== null) out[String(key)] = decoded;
  }
  return out;
}

/** null for an empty AnyValue (an attribute array's null), or one the SDK's span attributes never hold (kvlist, bytes). */
function jsonAnyValue(value: JsonAnyValue | undefined): AttributeValue | null {
  if (value?.stringValue !== undefined) return String(value.stringValue);
  if (value?.boolValue !== undefined) return value.boolValue === true;
  if (value?.intValue !== undefined) return Number(value.intValue);
  if (value?.doubleValue !== undefined) return Number(value.doubleValue);
  if (value?.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(jsonAnyValue);
  return null;
}

// Protobuf, by hand: otlp-transformer 0.223 encodes with its own writer and ships no request decoder (nor protobufjs),
// and a dozen messages do not warrant a protobuf library. They are decoded into OTLP/JSON's shape, so that both protocols
// go through one reading (flatten). Field numbers are opentelemetry-proto's collector/trace/v1, trace/v1 and common/v1;
// fields not listed (trace_state, links, flags, dropped counts, schema URLs) are skipped.
type FieldSpec = [name: string, type: string, repeated?: true];
const MESSAGES: Record<string, Record<number, FieldSpec>> = {
  request: { 1: ['resourceSpans', 'resourceSpans', true] },
  resourceSpans: { 1: ['resource', 'resource'], 2: ['scopeSpans', 'scopeSpans', true] },
  resource: { 1: ['attributes', 'keyValue', true] },
  scopeSpans: { 1: ['scope', 'scope'], 2: ['spans', 'span', true] },
  scope: { 1: ['name', 'string'] },
  span: {
    1: ['traceId', 'hex'], 2: ['spanId', 'hex'], 4: ['parentSpanId', 'hex'], 5: ['name', 'string'], 6: ['kind', 'enum'],
    7: ['startTimeUnixNano', 'uint64'], 8: ['endTimeUnixNano', 'uint64'], 9: ['attributes', 'keyValue', true],
    11: ['events', 'event', true], 15: ['status', 'status'],
  },
  event: { 2: ['name', 'string'], 3: ['attributes', 'keyValue', true] },
  status: { 2: ['message', 'string'], 3: ['code', 'enum'] },
  keyValue: { 1: ['key', 'string'], 2: ['value', 'anyValue'] },
  anyValue: { 1: ['stringValue', 'string'], 2: ['boolValue', 'bool'], 3: ['intValue', 'int64'], 4: ['doubleValue', 'double'], 5: ['arrayValue', 'arrayValue'] },
  arrayValue: { 1: ['values', 'anyValue', true] },
};
type WireValue = bigint | Uint8Array;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeMessage(buf: Uint8Array, type: string): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  for (const [number, value] of fieldsOf(buf)) {
    const [name, fieldType, repeated] = MESSAGES[type]![number] ?? [];
    if (name === undefined || fieldType === undefined) continue;
    const decoded = fieldType in MESSAGES ? decodeMessage(bytesOf(value), fieldType) : scalar(value, fieldType);
    if (repeated) ((message[name] ??= []) as unknown[]).push(decoded);
    else message[name] = decoded;
  }
  return message;
}

/** As OTLP/JSON writes them: ids in hex, 64-bit integers as decimal strings. */
function scalar(value: WireValue, type: string): unknown {
  if (type === 'string') return utf8.decode(bytesOf(value));
  if (type === 'hex') return Buffer.from(bytesOf(value)).toString('hex');
  if (type === 'enum') return Number(intOf(value));
  if (type === 'uint64') return intOf(value).toString();
  if (type === 'int64') return BigInt.asIntN(64, intOf(value)).toString();
  if (type === 'bool') return intOf(value) !== 0n;
  if (type === 'double') return new Float64Array(new BigUint64Array([intOf(value)]).buffer)[0];
  return fail(`no decoder for ${type}`);
}

const bytesOf = (value: WireValue) => (value instanceof Uint8Array ? value : fail('a number where a length-delimited field belongs'));
const intOf = (value: WireValue) => (typeof value === 'bigint' ? value : fail('bytes where a number field belongs'));

/** One message's fields in wire order: varints and fixed-width numbers as bigint, length-delimited ones as bytes. */
function fieldsOf(buf: Uint8Array): [number, WireValue][] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const fields: [number, WireValue][] = [];
  let pos = 0;
  /** Advances past `bytes` bytes and answers where they start. */
  const take = (bytes: number) => (pos + bytes <= buf.length ? (pos += bytes) - bytes : fail(`truncated at byte ${pos}`));
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const byte = buf[take(1)]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return BigInt.asUintN(64, value);
    }
    return fail(`varint longer than 10 bytes at byte ${pos}`);
  };
  while (pos < buf.length) {
    const tag = Number(varint());
    const [field, wireType] = [Math.floor(tag / 8), tag % 8];
    if (field === 0) fail(`field number 0 at byte ${pos}`);
    if (wireType === 0) fields.push([field, varint()]);
    else if (wireType === 1) fields.push([field, view.getBigUint64(take(8), true)]);
    else if (wireType === 5) fields.push([field, BigInt(view.getUint32(take(4), true))]);
    // take() runs before `pos` is read: the slice ends where the field does.
    else if (wireType === 2) fields.push([field, buf.subarray(take(Number(varint())), pos)]);
    else fail(`wire type ${wireType} at byte ${pos}`);
  }
  return fields;
}
