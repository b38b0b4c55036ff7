import pg from 'pg';
import { isRetryableTransactionError, type SqlClient, type SqlQueryable } from './sql-client';

export interface PgClientOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections per instance (10). */
  poolSize?: number;
  /** Milliseconds before connecting or a statement is given up (answered 503 by the app). */
  timeoutMs?: number;
}

/**
 * Every statement runs in a transaction that starts with its own statement_timeout, sent in the same round trip as
 * BEGIN: behind PgBouncer in transaction pooling (deploy/pgbouncer) a session setting would stay on a server connection
 * other clients get next, and a startup parameter is refused. Statements are never named: PgBouncer 1.18 does not
 * carry prepared statements from one transaction to the next.
 */
const beginWithTimeout = (timeoutMs: number) => `BEGIN; SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}`;

const TRANSACTION_ATTEMPTS = 5;

/** A pool of connections to a PostgreSQL server (DATABASE_URL): several cart-service instances share the database. */
export async function openPgClient(options: PgClientOptions): Promise<SqlClient> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'cart-service',
  });
  // A connection dropped while idle is reported here; the next query gets a fresh one (or fails with 503).
  pool.on('error', () => undefined);
  const first = await pool.connect(); // fail at start, with the server's reason, rather than on the first request
  first.release();

  const begin = beginWithTimeout(timeoutMs);

  const sql: SqlClient = {
    kind: 'server',
    query: (text, params) => sql.transaction((tx) => tx.query(text, params)),
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        const connection = await pool.connect();
        let broken = false;
        try {
          await connection.query(begin);
          const tx: SqlQueryable = {
            query: async (text, params) => ({ rows: (await connection.query(text, params ? [...params] : undefined)).rows }) as never,
            exec: async (text) => {
              await connection.query(text);
            },
          };
          const value = await work(tx);
          await connection.query('COMMIT');
          return value;
        } catch (error) {
          await connection.query('ROLLBACK').catch(() => {
            broken = true; // the connection itself failed: do not hand it to the next request
          });
          if (attempt < TRANSACTION_ATTEMPTS && isRetryableTransactionError(error)) continue;
          throw error;
        } finally {
          connection.release(broken);
        }
      }
    },
    exec: (text) => sql.transaction((tx) => tx.exec(text)),
    close: () => pool.end(),
  };
  return sql;
}
