import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { SHOP_ATTRIBUTES, SHOP_SPANS, shopTracer } from '@shop/server-kit/tracing/shop-spans';
import { sqlState, type SqlClient, type SqlQueryable } from './sql-client';

const tracer = shopTracer('sql');

/** Statement text as a span holds it: its parameters stay `$1`…, never values; long texts (migrations) are cut. */
const MAX_TEXT = 2000;
const queryText = (sql: string) => {
  const text = sql.replace(/\s+/g, ' ').trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
};
/** `SELECT`, `INSERT`…: the span's name (low cardinality, as the semantic conventions ask). */
const operationOf = (text: string) => /^\s*(?:WITH\b[\s\S]*?\)\s*)?([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';

/** A failed statement: its SQLSTATE, never the message (PostgreSQL quotes the values of a violated key in it). */
function failed(span: Span, error: unknown): never {
  const state = sqlState(error);
  if (state) span.setAttribute('db.response.status_code', state);
  span.setStatus({ code: SpanStatusCode.ERROR, message: state ?? 'error' });
  throw error;
}

/**
 * The one SQL client with a span per statement and per transaction (decision 035), whichever database is under it:
 * PGlite in this process, or a PostgreSQL server (whose driver's own spans, from the pg instrumentation, show each
 * round trip inside). `server` names the server for the spans. Work the service does on its own (migrations, purging
 * expired rows) is not part of a request: no span, as for the HTTP calls it makes.
 */
export function tracedSqlClient(client: SqlClient, server?: { address: string; port: number; database: string }): SqlClient {
  const common: Attributes = {
    'db.system.name': 'postgresql',
    [SHOP_ATTRIBUTES.sqlClient]: client.kind === 'embedded' ? 'pglite' : 'pg',
    ...(server ? { 'server.address': server.address, 'server.port': server.port, 'db.namespace': server.database } : {}),
  };
  /** `run` in a span of its own, when a request is traced. */
  const sqlSpan = <T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> => {
    if (!trace.getActiveSpan()) return run();
    return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, (span) =>
      run()
        .catch((error: unknown) => failed(span, error))
        .finally(() => span.end()),
    );
  };
  const statement = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const operation = operationOf(sql);
    return sqlSpan(operation, { ...common, 'db.operation.name': operation, 'db.query.text': queryText(sql) }, run);
  };
  const traced = (queryable: SqlQueryable): SqlQueryable => ({
    query: (sql, params) => statement(sql, () => queryable.query(sql, params)),
    exec: (sql) => statement(sql, () => queryable.exec(sql)),
  });
  return {
    kind: client.kind,
    ...traced(client),
    transaction: (work) => sqlSpan(SHOP_SPANS.sqlTransaction, common, () => client.transaction((tx) => work(traced(tx)))),
    close: () => client.close(),
    ...(client.dumpDatabase ? { dumpDatabase: () => client.dumpDatabase!() } : {}),
    ...(client.ping ? { ping: () => client.ping!() } : {}),
  } as SqlClient;
}
