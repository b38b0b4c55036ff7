import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newPostgresDatabase } from '../test-support/databases';
import { openPgClient } from './pg-client';
import { openPgliteClient } from './pglite-client';
import type { SqlClient } from './sql-client';
import { tracedSqlClient } from './traced-sql-client';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
const inRequest = <T>(work: () => Promise<T>) => trace.getTracer('test').startActiveSpan('request', (span) => work().finally(() => span.end()));

const cleanUps: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

const backings: Array<[string, () => Promise<{ client: SqlClient; server?: Record<string, unknown> }>]> = [
  [
    'PGlite',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'traced-sql-'));
      const client = tracedSqlClient(await openPgliteClient(dir));
      cleanUps.push(() => client.close(), () => rm(dir, { recursive: true, force: true }));
      return { client };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await newPostgresDatabase();
      const url = new URL(database.url);
      const server = { address: url.hostname, port: Number(url.port), database: url.pathname.slice(1) };
      const client = tracedSqlClient(await openPgClient({ url: database.url }), server);
      cleanUps.push(database.drop, () => client.close());
      return { client, server: { 'server.address': server.address, 'server.port': server.port, 'db.namespace': server.database } };
    },
  ],
];

describe.each(backings)('the one SQL client, traced, on %s', (_name, open) => {
  let client: SqlClient;
  let server: Record<string, unknown> | undefined;
  beforeAll(async () => {
    ({ client, server } = await open());
    await client.exec('CREATE TABLE IF NOT EXISTS traced_people (phone text PRIMARY KEY, city text NOT NULL)');
  });

  it('gives each statement a span under its transaction, with its text and never its values', async () => {
    await inRequest(() => client.transaction(async (tx) => {
      await tx.query('INSERT INTO traced_people (phone, city) VALUES ($1, $2)', ['+212661223344', 'Essaouira']);
      await tx.query('SELECT city FROM traced_people WHERE phone = $1', ['+212661223344']);
    }));
    const spans = exporter.getFinishedSpans();
    const transaction = spans.find((span) => span.name === 'sql transaction')!;
    const statements = spans.filter((span) => span.parentSpanContext?.spanId === transaction.spanContext().spanId);
    expect(statements.map((span) => span.name)).toEqual(['INSERT', 'SELECT']);
    expect(statements[0]!.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
      'db.query.text': 'INSERT INTO traced_people (phone, city) VALUES ($1, $2)',
      ...server,
    });
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toMatch(/661223344|Essaouira/);
  });

  it('marks a failed statement with its SQLSTATE, not the message that quotes the values', async () => {
    const failed = await inRequest(() => client.query('INSERT INTO traced_people (phone, city) VALUES ($1, $2)', ['+212661223344', 'Fès'])).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    const [statement] = exporter.getFinishedSpans().filter((span) => span.name === 'INSERT');
    expect(statement!.status).toEqual({ code: SpanStatusCode.ERROR, message: '23505' });
    expect(statement!.attributes['db.response.status_code']).toBe('23505');
    expect(statement!.events).toEqual([]);
  });

  it('makes no span for work no request asked for (migrations, purges)', async () => {
    await client.query('SELECT count(*) FROM traced_people');
    await client.transaction((tx) => tx.query('SELECT 1'));
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
