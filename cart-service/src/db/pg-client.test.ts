import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startCommitCuttingProxy } from '../test-support/commit-cutting-proxy';
import { newPostgresDatabase } from '../test-support/databases';
import { openPgClient } from './pg-client';
import { sqlState } from './sql-client';
import { isConnectionLoss } from './transaction-failures';

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

describe('the PostgreSQL client when its connection is lost', () => {
  async function counterTable(url: string): Promise<{ admin: pg.Client; count: () => Promise<number> }> {
    const admin = new pg.Client(url);
    await admin.connect();
    cleanUps.push(() => admin.end());
    await admin.query('CREATE TABLE counter (n int NOT NULL); INSERT INTO counter VALUES (0)');
    return { admin, count: async () => (await admin.query<{ n: number }>('SELECT n FROM counter')).rows[0]!.n };
  }

  it.each([
    ['PostgreSQL', false],
    ['PgBouncer in transaction pooling', true],
  ])('runs a transaction cut before COMMIT again on a fresh connection, and its effect happens once (%s)', async (_name, throughPgBouncer) => {
    const database = await newPostgresDatabase({ throughPgBouncer });
    cleanUps.push(database.drop);
    const client = await openPgClient({ url: database.url, poolSize: 4 });
    cleanUps.push(() => client.close());
    const { admin, count } = await counterTable(database.url);
    let runs = 0;
    const seen = await client.transaction(async (tx) => {
      runs += 1;
      await tx.query('UPDATE counter SET n = n + 1');
      if (runs === 1) {
        // Its backend goes away mid-transaction, as on a primary shutting down; waits until it has.
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1, 5000)', [rows[0]!.pid]);
      }
      return (await tx.query<{ n: number }>('SELECT n FROM counter')).rows[0]!.n;
    });
    expect(runs).toBe(2);
    expect(seen).toBe(1);
    expect(await count()).toBe(1);
    expect((await client.query<{ ok: number }>('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('never runs again a transaction whose connection was lost once COMMIT was sent: it committed, once', async () => {
    const database = await newPostgresDatabase();
    cleanUps.push(database.drop);
    const server = new URL(database.url);
    const proxy = await startCommitCuttingProxy(Number(server.port));
    cleanUps.push(proxy.close);
    const client = await openPgClient({ url: proxy.urlFor(server.pathname.slice(1)), poolSize: 4 });
    cleanUps.push(() => client.close());
    const { count } = await counterTable(database.url);
    let runs = 0;
    proxy.cutNextCommit = true;
    const failure = await client
      .transaction(async (tx) => {
        runs += 1;
        await tx.query('UPDATE counter SET n = n + 1');
      })
      .catch((error: unknown) => error);
    expect(isConnectionLoss(failure)).toBe(true); // the store answers 503; an order's retry finds it by its key
    expect(runs).toBe(1);
    await proxy.cutConnectionClosed();
    expect(await count()).toBe(1);
    // The cut connection was not kept: the next transaction runs on a sound one.
    expect((await client.query<{ ok: number }>('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });
});
