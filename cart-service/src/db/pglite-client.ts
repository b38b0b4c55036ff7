import { createPglite, dumpBetweenTransactions } from './pglite-dump';
import type { SqlClient, SqlQueryable } from './sql-client';

/**
 * PGlite (PostgreSQL compiled to WebAssembly) in `dataDir`: the embedded default, nothing to install. It runs in this
 * process on one connection, so its statements and transactions run one at a time; each commit is written through to
 * the data folder before it resolves (it survives `kill -9`). One process only: the caller holds the single-writer lock.
 */
export async function openPgliteClient(dataDir: string): Promise<SqlClient> {
  const db = await createPglite(dataDir);
  return {
    kind: 'embedded',
    query: (sql, params) => db.query(sql, params ? [...params] : undefined),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: (sql, params) => tx.query(sql, params ? [...params] : undefined),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        } as SqlQueryable),
      ),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
    dumpDatabase: () => dumpBetweenTransactions(db),
  } as SqlClient;
}
