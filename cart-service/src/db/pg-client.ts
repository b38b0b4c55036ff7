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

const TRANSACTION_ATTEMPTS = 5;

/** A pool of connections to a PostgreSQL server (DATABASE_URL): several cart-service instances share the database. */
export async function openPgClient(options: PgClientOptions): Promise<SqlClient> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'cart-service',
  });
  // A connection dropped while idle is reported here; the next query gets a fresh one (or fails with 503).
  pool.on('error', () => undefined);
  const client = await pool.connect(); // fail at start, with the server's reason, rather than on the first request
  client.release();

  return {
    kind: 'server',
    query: async (sql, params) => {
      const result = await pool.query(sql, params ? [...params] : undefined);
      return { rows: result.rows };
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        const connection = await pool.connect();
        let broken = false;
        try {
          await connection.query('BEGIN');
          const tx: SqlQueryable = {
            query: async (sql, params) => ({ rows: (await connection.query(sql, params ? [...params] : undefined)).rows }) as never,
            exec: async (sql) => {
              await connection.query(sql);
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
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  } as SqlClient;
}
