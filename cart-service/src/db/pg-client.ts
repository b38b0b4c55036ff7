import pg from 'pg';
import { isRetryableTransactionError, type SqlClient, type SqlQueryable } from './sql-client';
import { isConnectionLoss, mayRunAgain, type TransactionPhase } from './transaction-failures';

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

/** Runs of one transaction at most, whatever made it fail: a transaction that keeps failing is the caller's 503. */
const TRANSACTION_ATTEMPTS = 4;
/**
 * Waits before running a transaction again after its connection was lost, one per further run. A failover leaves no
 * primary for ~20 s, far longer than a request may wait: these only ride out a connection cut by a switch already
 * done (a terminated backend, a PgBouncer or HAProxy connection to the old primary), and give up quickly otherwise.
 */
const RECONNECT_BACKOFF_MS = [100, 300, 600];
/**
 * No new run starts this long after the first one began: the request then answers 503 with Retry-After well within
 * the shop's ~5 s request timeout, rather than a shopper waiting on a database that is not there.
 */
const RETRY_BUDGET_MS = 2_000;
/**
 * Readiness gives up on the database after this long, connecting and answering alike: HAProxy and the load balancer
 * probe every second or two, and a probe that waited for the 5 s connect timeout would keep an instance without a
 * database in rotation for that long. A healthy server answers SELECT in milliseconds.
 */
export const PING_TIMEOUT_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  // Readiness probes use their own small pool with short timeouts, so a probe never waits behind requests.
  const pingPool = new pg.Pool({
    connectionString: options.url,
    max: 2,
    connectionTimeoutMillis: PING_TIMEOUT_MS,
    query_timeout: PING_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: 'cart-service readiness',
  });
  // A connection dropped while idle is reported here; the next query gets a fresh one (or fails with 503).
  pool.on('error', () => undefined);
  pingPool.on('error', () => undefined);
  const first = await pool.connect(); // fail at start, with the server's reason, rather than on the first request
  first.release();

  const begin = beginWithTimeout(timeoutMs);

  /** One run of `work` in a transaction on a connection of its own; a failure says whether COMMIT had been sent. */
  async function runOnce<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<RunOutcome<T>> {
    let phase: TransactionPhase = 'before-commit';
    let connection: pg.PoolClient | undefined;
    // The server may drop the connection between two statements: node-postgres then emits `error` on a checked-out
    // connection, which would end the process if nobody listened. The next statement fails and says why.
    const ignoreDrop = () => undefined;
    try {
      connection = await pool.connect();
      connection.on('error', ignoreDrop);
      await connection.query(begin);
      const active = connection;
      const tx: SqlQueryable = {
        query: async (text, params) => ({ rows: (await active.query(text, params ? [...params] : undefined)).rows }) as never,
        exec: async (text) => {
          await active.query(text);
        },
      };
      const value = await work(tx);
      phase = 'commit';
      await connection.query('COMMIT');
      connection.off('error', ignoreDrop);
      connection.release();
      return { committed: true, value };
    } catch (error) {
      if (connection) {
        connection.off('error', ignoreDrop);
        await releaseAfterFailure(connection, error);
      }
      return { committed: false, error, phase };
    }
  }

  const sql: SqlClient = {
    kind: 'server',
    query: (text, params) => sql.transaction((tx) => tx.query(text, params)),
    async transaction(work) {
      const started = Date.now();
      for (let attempt = 1; ; attempt += 1) {
        const outcome = await runOnce(work);
        if (outcome.committed) return outcome.value;
        const { error, phase } = outcome;
        // A deadlock's other transaction has already gone: run again at once. A lost connection: give it a moment.
        const wait = isRetryableTransactionError(error) ? 0 : (RECONNECT_BACKOFF_MS[attempt - 1] ?? 0);
        const inBudget = attempt < TRANSACTION_ATTEMPTS && Date.now() - started + wait < RETRY_BUDGET_MS;
        if (!inBudget || !mayRunAgain(error, phase)) throw error;
        await sleep(wait);
      }
    },
    exec: (text) => sql.transaction((tx) => tx.exec(text)),
    async ping() {
      // A server in recovery, or a primary being demoted, answers but takes no writes: not ready either.
      const { rows } = await pingPool.query<{ read_only: string }>("SELECT current_setting('transaction_read_only') AS read_only");
      if (rows[0]?.read_only !== 'off') {
        throw Object.assign(new Error('The database server is read-only: not the primary.'), { code: '25006' });
      }
    },
    close: async () => {
      await Promise.all([pool.end(), pingPool.end()]);
    },
  };
  return sql;
}

/** A run of a transaction: its value once committed, else the error as thrown and whether COMMIT had been sent. */
type RunOutcome<T> = { committed: true; value: T } | { committed: false; error: unknown; phase: TransactionPhase };

/**
 * A connection whose transaction failed goes back to the pool rolled back, or destroyed: a lost one is never handed to
 * the next request, and no ROLLBACK is sent on it (it could wait on a half-open socket).
 */
async function releaseAfterFailure(connection: pg.PoolClient, error: unknown): Promise<void> {
  if (isConnectionLoss(error)) {
    connection.release(true);
    return;
  }
  let broken = false;
  await connection.query('ROLLBACK').catch(() => {
    broken = true; // the connection itself failed: do not hand it to the next request
  });
  connection.release(broken);
}
