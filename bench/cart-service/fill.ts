/**
 * Fills a cart-service database for the scale benchmark (scale.ts) directly with SQL, never through the HTTP API:
 *   tsx bench/cart-service/fill.ts <PGlite folder | postgres://…> <carts> <past orders>
 * migrates the database, fills it, runs ANALYZE, prints `FILLED {"ms":…,"databaseMB":…}` and exits. scale.ts runs it
 * in a child process, so PGlite's memory (which stays with a process after close) never weighs on the load generator.
 *
 * Carts: random-looking 32-character ids like the app's sessions, 1 to 3 lines each (2 on average), last changed
 * within the past 29 days (none expired). Past orders: spread over the past year, newest first, one line or two (every
 * third order) built from the catalogue the way the app builds them, app-format numbers, delivery details, statuses
 * by age; a stock movement per line, and the idempotency keys of the last 24 hours' orders (placing and owning session).
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { resolveCart } from '../../cart-service/src/store/resolve-cart.ts';
import { readCatalogueFile } from '../../cart-service/src/catalogue/catalogue-file.ts';
import { fileCatalogue } from '../../cart-service/src/test-support/file-catalogue.ts';
import { migrate } from '../../cart-service/src/db/migrate.ts';
import { openPgClient } from '../../cart-service/src/db/pg-client.ts';
import { openPgliteClient } from '../../cart-service/src/db/pglite-client.ts';
import type { SqlClient } from '../../cart-service/src/db/sql-client.ts';
import { orderLineOf } from '../../cart-service/src/orders/order-json.ts';
import { newOrderNumber } from '../../cart-service/src/orders/order-number.ts';

export interface FillSize {
  carts: number;
  orders: number;
}

const catalogue = fileCatalogue(readCatalogueFile());
const productIds = catalogue.products.map((product) => product.id);
const DELIVERY = { fullName: 'Amina Berrada', phone: '+212612345678', city: 'Rabat', address: '12, avenue Mohammed V, Agdal' };

/** Orders as the app stores them: lines built from the catalogue the way the app builds them. */
function orderLineTemplates(): unknown[] {
  return productIds.map((productId) => {
    const { quantity: _quantity, ...line } = orderLineOf(resolveCart([{ productId, quantity: 1 }], catalogue).items[0]!);
    return line;
  });
}

/** Order numbers in the app's format, all different. */
function orderNumbers(count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) numbers.add(newOrderNumber());
  return [...numbers];
}

export async function fillDatabase(db: SqlClient, size: FillSize): Promise<void> {
  await migrate(db);
  if (size.carts > 0) {
    // Random-looking 32-character ids, like the app's session ids; 1 to 3 lines per cart (2 on average).
    await db.query(
      `INSERT INTO carts (id, updated_at)
       SELECT md5('bench-cart-' || g), now() - random() * interval '29 days' FROM generate_series(1, $1::int) AS g`,
      [size.carts],
    );
    await db.query(
      `INSERT INTO cart_lines (cart_id, product_id, quantity)
       SELECT md5('bench-cart-' || g), ($2::text[])[1 + (g + k * 11) % cardinality($2::text[])], 1 + (g + k) % 3
       FROM generate_series(1, $1::int) AS g, generate_series(0, g % 3) AS k`,
      [size.carts, productIds],
    );
  }
  if (size.orders > 0) {
    // Spread over the past year, newest first; one line, or two for every third order.
    const spacingSeconds = (365 * 24 * 3600) / size.orders;
    await db.query(
      `WITH o AS (
         SELECT g, ($4::text[])[g] AS number, now() - interval '1 minute' - (g - 1) * $5::double precision * interval '1 second' AS created_at,
                jsonb_build_array(($2::jsonb -> (g % n)) || jsonb_build_object('quantity', 1 + g % 2))
                  || CASE WHEN g % 3 = 0 THEN jsonb_build_array(($2::jsonb -> ((g + 11) % n)) || '{"quantity": 1}'::jsonb) ELSE '[]'::jsonb END AS lines
         FROM generate_series(1, $1::int) AS g, (SELECT jsonb_array_length($2::jsonb) AS n) AS catalogue
       )
       INSERT INTO orders (number, owner_id, placed_by, status, created_at, updated_at, lines, total, delivery)
       SELECT number, md5('bench-owner-' || g), md5('bench-placer-' || g),
              CASE WHEN created_at > now() - interval '1 day' THEN 'reçue'
                   WHEN created_at > now() - interval '4 days' THEN 'expédiée'
                   WHEN g % 25 = 0 THEN 'annulée' ELSE 'livrée' END,
              created_at, least(created_at + interval '2 days', now()), lines,
              (SELECT sum((e ->> 'price')::numeric * (e ->> 'quantity')::int) FROM jsonb_array_elements(lines) AS e),
              $3::jsonb
       FROM o`,
      [size.orders, JSON.stringify(orderLineTemplates()), JSON.stringify(DELIVERY), orderNumbers(size.orders), spacingSeconds],
    );
    await db.query(
      `INSERT INTO stock_movements (product_id, delta, on_hand, reason, order_number, at)
       SELECT e ->> 'productId', -(e ->> 'quantity')::int, 10000000, 'order', o.number, o.created_at
       FROM orders o, jsonb_array_elements(o.lines) AS e`,
    );
    // The keys still alive: orders of the last 24 hours, for the placing session and the owner's.
    await db.query(
      `INSERT INTO idempotency_keys (session_id, key, fingerprint, order_number, expires_at)
       SELECT s.id, 'bench-key-' || o.number, 'bench', o.number, o.created_at + interval '24 hours'
       FROM orders o, unnest(ARRAY[o.placed_by, o.owner_id]) AS s (id)
       WHERE o.created_at > now() - interval '24 hours'`,
    );
  }
  await db.exec('ANALYZE');
}

export async function databaseMB(db: SqlClient): Promise<number> {
  const { rows } = await db.query<{ bytes: string | number }>('SELECT pg_database_size(current_database()) AS bytes');
  return Math.round(Number(rows[0]!.bytes) / 1e5) / 10;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [where, carts, orders] = process.argv.slice(2);
  if (!where || !/^\d+$/.test(carts ?? '') || !/^\d+$/.test(orders ?? '')) {
    console.error('usage: fill.ts <PGlite folder | postgres://…> <carts> <past orders>');
    process.exit(2);
  }
  const started = performance.now();
  const db = /^postgres(ql)?:\/\//.test(where) ? await openPgClient({ url: where, poolSize: 1, timeoutMs: 600_000 }) : await openPgliteClient(where);
  try {
    await fillDatabase(db, { carts: Number(carts), orders: Number(orders) });
    console.log(`FILLED ${JSON.stringify({ ms: Math.round(performance.now() - started), databaseMB: await databaseMB(db) })}`);
  } finally {
    await db.close();
  }
}
