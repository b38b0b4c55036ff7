/**
 * What setting statement_timeout inside each transaction costs (decision 034): a cart read (`SELECT` of one cart's
 * lines, the shape of GET /api/cart) and a one-row write, each as a standalone statement, 2,000 times in turn, by
 *   - the baseline: a pg pool with statement_timeout as a connection parameter, one round trip per statement (what
 *     PgBouncer refuses), straight to PostgreSQL;
 *   - cart-service's client (`BEGIN; SET LOCAL …`, the statement, `COMMIT`), straight to PostgreSQL;
 *   - cart-service's client through PgBouncer in transaction pooling, as the fleet runs it.
 * One connection at a time (the latency a request adds), then 20 concurrent callers (throughput). Medians of 3 runs,
 * alternating; ratios against the baseline. Not a test.
 *   npx tsx bench/cart-service/statement-round-trips.ts      (needs PostgreSQL and pgbouncer, as the tests do)
 */
import { createRequire } from 'node:module';
import { openPgClient } from '../../cart-service/src/db/pg-client';
import type { SqlClient } from '../../cart-service/src/db/sql-client';
import { startPgBouncer } from '../../cart-service/src/test-support/pgbouncer-server';
import { startPostgresServer } from '../../cart-service/src/test-support/postgres-server';

// cart-service's own driver (the root package does not depend on it).
const pg = createRequire(new URL('../../cart-service/package.json', import.meta.url))('pg') as typeof import('pg');

const STATEMENTS = 2_000;
const CONCURRENT = 20;
type Query = (sql: string, params: unknown[]) => Promise<unknown>;

async function timed(query: Query, callers: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < STATEMENTS) {
        const n = next++;
        if (n % 2 === 0) await query('SELECT product_id, quantity FROM lines WHERE cart_id = $1', [n % 100]);
        else await query('UPDATE carts SET touched = touched + 1 WHERE id = $1', [n % 100]);
      }
    }),
  );
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startPostgresServer();
const pooler = await startPgBouncer(server.port, { poolSize: 20 });
try {
  const setup = new pg.Client(server.url);
  await setup.connect();
  await setup.query('CREATE TABLE carts (id int PRIMARY KEY, touched int NOT NULL DEFAULT 0)');
  await setup.query('CREATE TABLE lines (cart_id int NOT NULL, product_id text NOT NULL, quantity int NOT NULL)');
  await setup.query("INSERT INTO carts (id) SELECT generate_series(0, 99); INSERT INTO lines SELECT c, 'sv-00' || p, 1 FROM generate_series(0, 99) c, generate_series(1, 3) p");
  await setup.query('CREATE INDEX ON lines (cart_id)');
  await setup.end();

  const baselinePool = new pg.Pool({ connectionString: server.url, max: CONCURRENT, statement_timeout: 5000 });
  const clients: Array<[string, Query, () => Promise<void>]> = [
    ['baseline: timeout as a connection parameter, direct', (sql, params) => baselinePool.query(sql, params), () => baselinePool.end()],
  ];
  for (const [name, url] of [
    ['SET LOCAL in each transaction, direct', server.url],
    ['SET LOCAL in each transaction, through PgBouncer', pooler.urlFor('postgres')],
  ] as const) {
    const client: SqlClient = await openPgClient({ url, poolSize: CONCURRENT });
    clients.push([name, (sql, params) => client.query(sql, params), () => client.close()]);
  }
  const figures = new Map<string, { alone: number[]; concurrent: number[] }>(clients.map(([name]) => [name, { alone: [], concurrent: [] }]));
  for (const [, query] of clients) await timed(query, CONCURRENT); // warm every pool
  for (let round = 0; round < 3; round++) {
    for (const [name, query] of round % 2 ? [...clients].reverse() : clients) {
      figures.get(name)!.alone.push(await timed(query, 1));
      figures.get(name)!.concurrent.push(await timed(query, CONCURRENT));
    }
  }
  const base = figures.get(clients[0]![0])!;
  console.log(`\n${STATEMENTS} standalone statements (half cart reads, half one-row writes), medians of 3 runs:\n`);
  for (const [name, f] of figures) {
    const alone = (median(f.alone) * 1000) / STATEMENTS;
    const rate = (STATEMENTS / median(f.concurrent)) * 1000;
    console.log(
      `  ${name.padEnd(52)} one at a time ${alone.toFixed(0).padStart(4)} µs/statement (×${(median(f.alone) / median(base.alone)).toFixed(2)})` +
        `   ${CONCURRENT} callers ${rate.toFixed(0).padStart(6)} statements/s (×${(median(base.concurrent) / median(f.concurrent)).toFixed(2)})`,
    );
  }
  for (const [, , close] of clients) await close();
} finally {
  await pooler.stop();
  await server.stop();
}
