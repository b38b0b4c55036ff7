/** The part of a PostgreSQL connection the stores use: the same SQL runs on PGlite (embedded) and on a server. */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlClient extends SqlQueryable {
  /** `embedded`: PGlite in the data folder, one process; `server`: a PostgreSQL server shared by every instance. */
  readonly kind: 'embedded' | 'server';
  /**
   * Runs `work` in one transaction (READ COMMITTED): committed when it resolves, rolled back when it throws. On a
   * server, a transaction aborted by a deadlock or a serialization failure is run again (`work` must be repeatable).
   */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Server only: resolves when the server answers, within a short timeout of its own, and takes writes (readiness).
   * Without it, a `SELECT 1` tells.
   */
  ping?(): Promise<void>;
  /** Embedded only: the database folder as a gzipped tarball, taken between transactions (db/pglite-dump.ts). */
  dumpDatabase?(): Promise<Blob>;
}

/** PostgreSQL's SQLSTATE of an error from either driver, when it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** 40001 serialization failure, 40P01 deadlock: the transaction did nothing and may simply be run again. */
export const isRetryableTransactionError = (error: unknown) => ['40001', '40P01'].includes(sqlState(error) ?? '');
