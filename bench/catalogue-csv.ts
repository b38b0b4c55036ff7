/**
 * The catalogue's CSV import and export (issue 61: « 10,000 rows take ≤ 30 s »): cart-service in this process over
 * real HTTP, as release-control calls it (bearer token, X-Operator), on PGlite (the embedded default) and on a
 * PostgreSQL server this script starts on a free loopback port, each on a fresh database holding the shipped 31
 * products. With 10,000 generated products (catalogue/generate-catalogue.ts: French and Arabic names and descriptions,
 * four categories, promotions), it times, from the request to the answer's last line:
 *   - import 10,000 new products (the file a merchandiser fills in a spreadsheet: id and version empty);
 *   - export the whole catalogue (10,031 products, streamed);
 *   - import that export back (every line unchanged: nothing written);
 *   - import it with every price changed (10,031 products rewritten, each with its audit entry);
 *   - import a 10,000-line file with one bad line (refused whole, the line named).
 * Each import is held to the issue's budget, 30 s, and printed with its ratio to it. Not a test.
 *   npx -y pnpm@10.34.9 bench:catalogue-csv
 * Options: BENCH_ROWS (10000), BENCH_BACKINGS (pglite,postgres). Writes bench/results/catalogue-csv.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { createLogger } from '@shop/server-kit/logger';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvProgress } from '@shop/contracts/catalogue-csv';
import { createApp } from '../cart-service/src/app';
import { readCatalogueFile } from '../cart-service/src/catalogue/catalogue-file';
import { openStore } from '../cart-service/src/store/open-store';
import { startPostgresServer, type PostgresServer } from '../cart-service/src/test-support/postgres-server';
import { generateCatalogue } from './catalogue/generate-catalogue';
import { envNumber, printTable, writeResults } from './frontend/util';

const rowsWanted = envNumber('BENCH_ROWS', 10_000);
const backings = (process.env.BENCH_BACKINGS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const BUDGET_MS = 30_000;
const TOKEN = 'bench-catalogue-csv-admin-token-0123456789';
const headers = { Authorization: `Bearer ${TOKEN}`, 'X-Operator': 'bench' };
type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;

/** The generated products as a merchandiser's file of new products (the shipped 31 are already in the shop). */
function newProductsFile(size: number): Row[] {
  return generateCatalogue(size + 31)
    .products.slice(31)
    .map((entry) => ({
      id: '',
      version: '',
      slug: entry.slug,
      category: entry.category,
      price: String(entry.price),
      promo_old_price: entry.oldPrice === undefined ? '' : String(entry.oldPrice),
      promo_starts_at: '',
      promo_ends_at: '',
      name_fr: entry.name,
      description_fr: entry.description,
      name_ar: entry.translations['ar-MA'].name,
      description_ar: entry.translations['ar-MA'].description,
      archived: 'non',
      stock: String(entry.initialStock ?? 40),
    }));
}

const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], record_delimiter: 'windows' });

interface Timed { what: string; ms: number; bytes: number; outcome: string }

async function importFile(url: string, what: string, body: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${url}/admin/catalogue/products.csv`, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/csv' }, body });
  const text = await res.text();
  const ms = performance.now() - started;
  const last = JSON.parse(text.trim().split('\n').at(-1)!) as CatalogueCsvProgress;
  const outcome = 'result' in last ? JSON.stringify(last.result) : 'error' in last ? `refused: ${last.error.lines.map((l) => `line ${l.line} ${l.field}`).join(', ')}` : text.slice(0, 200);
  return { what, ms, bytes: Buffer.byteLength(body), outcome };
}

async function measure(backing: 'pglite' | 'postgres', server: PostgresServer | undefined): Promise<Timed[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'catalogue-csv-'));
  const store = await openStore({ dataDir, ...(server ? { databaseUrl: server.url } : {}) });
  await store.importProducts(readCatalogueFile());
  const service = createApp({ store, sessionKeys: ['bench-session-key-0123456789-abcdefghijklmnop'], allowedOrigins: [], logger: createLogger('cart-service', 'silent'), adminToken: TOKEN });
  const { url } = await service.listen(0, '127.0.0.1');
  try {
    const fresh = newProductsFile(rowsWanted);
    const figures = [await importFile(url, `import ${rowsWanted} new`, csvOf(fresh))];
    const started = performance.now();
    const exported = Buffer.from(await (await fetch(`${url}/admin/catalogue/products.csv`, { headers })).arrayBuffer()).toString('utf8');
    const rows = parse(exported, { bom: true, columns: true }) as Row[];
    figures.push({ what: `export ${rows.length}`, ms: performance.now() - started, bytes: Buffer.byteLength(exported), outcome: `${rows.length} lines` });
    figures.push(await importFile(url, `import ${rows.length} unchanged`, exported));
    const repriced = rows.map((row) => ({ ...row, price: String(Math.round(Number(row.price) * 105) / 100), promo_old_price: '' }));
    figures.push(await importFile(url, `import ${rows.length} updated`, csvOf(repriced)));
    const bad = newProductsFile(rowsWanted).map((row) => ({ ...row, slug: `${row.slug}-b` }));
    bad[Math.floor(rowsWanted * 0.7)]!.name_ar = 'ص';
    figures.push(await importFile(url, `import ${rowsWanted}, 1 bad line`, csvOf(bad)));
    return figures;
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results: Record<string, Timed[]> = {};
let server: PostgresServer | undefined;
try {
  for (const backing of backings) {
    if (backing === 'postgres') server = await startPostgresServer();
    console.log(`\n${backing}: ${rowsWanted} generated rows`);
    results[backing] = await measure(backing, server);
    printTable(
      ['step', 'outcome', 'MB', 'seconds', 'of 30 s'],
      results[backing].map((f) => [f.what, f.outcome.slice(0, 60), (f.bytes / 1e6).toFixed(1), (f.ms / 1000).toFixed(1), `${((f.ms / BUDGET_MS) * 100).toFixed(0)}% ${f.ms <= BUDGET_MS ? 'met' : 'NOT MET'}`]),
    );
    await server?.stop();
    server = undefined;
  }
  console.log(`\nwritten: ${writeResults('catalogue-csv.json', { rows: rowsWanted, budgetMs: BUDGET_MS, results })}`);
} finally {
  await server?.stop();
}
