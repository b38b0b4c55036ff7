import { isRetryableTransactionError, sqlState } from './sql-client';

/**
 * Where a transaction was when it failed. `before-commit`: COMMIT was not sent, so the server rolls back whatever the
 * transaction did once its connection is gone. `commit`: COMMIT was sent and no answer came; the transaction may
 * have committed or not, and only the caller (an order's Idempotency-Key) can find out which.
 */
export type TransactionPhase = 'before-commit' | 'commit';

/**
 * SQLSTATEs of a server that went away or cannot take writes here: class 08 (connection exception; PgBouncer sends
 * 08P01 when it drops a client whose server died or cannot be reached), 57P01 admin_shutdown (fast shutdown,
 * pg_terminate_backend, Patroni stopping a primary), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 25006 read_only_sql_transaction (a just-demoted primary, or a standby reached before the switch).
 */
const SERVER_GONE_STATES = ['57P01', '57P02', '57P03', '25006'];

/** node's socket errors: nothing listens, the peer dropped the connection, or the host is out of reach. */
const SOCKET_ERROR_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'];

/**
 * What node-postgres and PgBouncer say, without a SQLSTATE or before one could be read, when the connection is lost:
 * the socket closed (`Connection terminated unexpectedly`), the client was already broken (`… is not queryable`), no
 * connection came in time from the pool, or PgBouncer's words for a server it lost or cannot log in to.
 */
const CONNECTION_LOSS_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|server conn crashed|server login has been failing|in a read-only transaction/i;

/**
 * The database connection failed, not the statement: the server is gone, refuses connections, shuts down, or is
 * read-only (no primary behind the address). Whatever the transaction did is lost with the connection, or was refused.
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // First: EPIPE has the shape of a SQLSTATE.
  if (typeof code === 'string' && SOCKET_ERROR_CODES.includes(code)) return true;
  const state = sqlState(error);
  if (state) return state.startsWith('08') || SERVER_GONE_STATES.includes(state);
  return error instanceof Error && CONNECTION_LOSS_MESSAGES.test(error.message);
}

/**
 * Whether a failed transaction may be run again from the start. A deadlock or serialization failure is the server's
 * own answer that it rolled back, in either phase. A lost connection is safe to run again only when COMMIT was not
 * sent: after COMMIT, running it again could apply it twice (an article added to a cart twice).
 */
export function mayRunAgain(error: unknown, phase: TransactionPhase): boolean {
  if (isRetryableTransactionError(error)) return true;
  return phase === 'before-commit' && isConnectionLoss(error);
}
