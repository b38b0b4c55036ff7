import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newPostgresDatabase } from '../test-support/databases';
import { freePort } from '../test-support/postgres-server';
import { isConnectionLoss, mayRunAgain } from './transaction-failures';

const cleanUps: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client(url);
  client.on('error', () => undefined); // the tests cut these connections on purpose
  await client.connect();
  cleanUps.push(() => client.end().catch(() => undefined));
  return client;
}

/**
 * What a statement in progress gets when another session terminates its backend (as a primary shutting down does),
 * and what the next statement on that connection gets. Behind PgBouncer too: the backend is found by its statement.
 */
async function terminatedBackendErrors(url: string): Promise<{ during: unknown; after: unknown }> {
  const victim = await connected(url);
  const admin = await connected(url);
  const sleeping = victim.query('SELECT pg_sleep(30)').catch((error: unknown) => error);
  const victimBackend = "query = 'SELECT pg_sleep(30)' AND datname = current_database() AND pid <> pg_backend_pid()";
  while (!(await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${victimBackend}`)).rowCount) {
    await new Promise((resolve) => setTimeout(resolve, 20)); // the statement has not reached the server yet
  }
  const during = await sleeping;
  const after = await victim.query('SELECT 1').catch((error: unknown) => error);
  return { during, after };
}

describe('what a failed transaction was cut by', () => {
  it.each([
    ['PostgreSQL', false],
    ['PgBouncer', true],
  ])('a backend terminated under a statement is connection loss (%s), and so is the next statement on that connection', async (_name, throughPgBouncer) => {
    const database = await newPostgresDatabase({ throughPgBouncer });
    cleanUps.push(database.drop);
    const { during, after } = await terminatedBackendErrors(database.url);
    expect(during).toBeInstanceOf(Error);
    expect(isConnectionLoss(during)).toBe(true);
    expect(isConnectionLoss(after)).toBe(true);
    expect(mayRunAgain(during, 'before-commit')).toBe(true);
  });

  it('a refused connection is connection loss', async () => {
    const nobody = new pg.Client({ connectionString: `postgres://shop@127.0.0.1:${await freePort()}/postgres` });
    const refused = await nobody.connect().catch((error: unknown) => error);
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isConnectionLoss(refused)).toBe(true);
  });

  it('a write refused by a read-only server (a demoted primary) is connection loss: the transaction did nothing', async () => {
    const database = await newPostgresDatabase();
    cleanUps.push(database.drop);
    const client = await connected(database.url);
    await client.query('BEGIN READ ONLY');
    const refused = await client.query('CREATE TABLE t (id int)').catch((error: unknown) => error);
    expect((refused as { code?: string }).code).toBe('25006');
    expect(isConnectionLoss(refused)).toBe(true);
    expect(mayRunAgain(refused, 'before-commit')).toBe(true);
  });

  it('a mistake in a statement, or its timeout, is not connection loss and is never run again', async () => {
    const database = await newPostgresDatabase();
    cleanUps.push(database.drop);
    const client = await connected(database.url);
    const syntax = await client.query('SELEC 1').catch((error: unknown) => error);
    await client.query('SET statement_timeout = 10');
    const timedOut = await client.query('SELECT pg_sleep(1)').catch((error: unknown) => error);
    for (const error of [syntax, timedOut, new Error('a bug in the work')]) {
      expect(isConnectionLoss(error)).toBe(false);
      expect(mayRunAgain(error, 'before-commit')).toBe(false);
    }
  });

  it('a connection lost once COMMIT was sent is never run again: it may have committed', async () => {
    const database = await newPostgresDatabase();
    cleanUps.push(database.drop);
    const { during } = await terminatedBackendErrors(database.url);
    expect(isConnectionLoss(during)).toBe(true);
    expect(mayRunAgain(during, 'commit')).toBe(false);
    expect(mayRunAgain(new Error('Connection terminated unexpectedly'), 'commit')).toBe(false);
  });

  it('a deadlock or serialization failure answered by the server is rolled back: run again, even from COMMIT', () => {
    for (const code of ['40001', '40P01']) {
      expect(mayRunAgain(Object.assign(new Error('aborted'), { code }), 'commit')).toBe(true);
    }
  });
});
