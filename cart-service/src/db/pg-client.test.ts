import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newPostgresDatabase } from '../test-support/databases';
import { openPgClient } from './pg-client';
import { sqlState } from './sql-client';

const cleanUps: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function pooledClient(timeoutMs: number) {
  const database = await newPostgresDatabase({ throughPgBouncer: true });
  cleanUps.push(database.drop);
  const client = await openPgClient({ url: database.url, timeoutMs, poolSize: 4 });
  cleanUps.push(() => client.close());
  return { client, url: database.url };
}

describe('the PostgreSQL client behind PgBouncer in transaction pooling', () => {
  it('gives up a statement after its timeout, in a transaction and alone', async () => {
    const { client } = await pooledClient(200);
    const alone = await client.query('SELECT pg_sleep(2)').catch((error: unknown) => error);
    expect(sqlState(alone)).toBe('57014'); // query_canceled: statement timeout
    const inTransaction = await client.transaction((tx) => tx.query('SELECT pg_sleep(2)')).catch((error: unknown) => error);
    expect(sqlState(inTransaction)).toBe('57014');
    expect((await client.query<{ ok: number }>('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('leaves no setting behind on the server connections other clients get next', async () => {
    const { client, url } = await pooledClient(1234);
    await Promise.all(Array.from({ length: 8 }, () => client.query('SELECT 1')));
    // Another client of the pooler, on the same database: it gets one of the server connections just used.
    const other = new pg.Client(url);
    await other.connect();
    cleanUps.push(() => other.end());
    const seen = await Promise.all(Array.from({ length: 4 }, async () => (await other.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout));
    expect(new Set(seen)).toEqual(new Set(['0']));
    // While cart-service's own transactions see theirs.
    const inside = await client.transaction(async (tx) => (await tx.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout);
    expect(inside).toBe('1234ms');
  });
});
