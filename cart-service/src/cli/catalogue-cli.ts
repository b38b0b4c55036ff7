import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CatalogueError, DEFAULT_PUBLIC_DIR, readCatalogueFile } from '../catalogue/catalogue-file';
import { loadConfig } from '../config';
import { openStore } from '../store/open-store';
import type { CliIo } from './admin-cli';

/**
 * Imports or updates the catalogue from a file, straight into cart-service's database (DATABASE_URL, else the
 * embedded one in CART_DATA_DIR), as `catalogue.json` is imported the first time the shop starts:
 *   pnpm catalogue import <file.json>
 * The whole file is checked before anything is written, every problem listed with its product; then it is written in
 * one transaction (all or nothing). Importing the same file again changes nothing.
 */
const USAGE = `Usage:
  catalogue import <fichier.json>
Environment: DATABASE_URL (a PostgreSQL server), else CART_DATA_DIR (the embedded database, cart-service stopped).`;

export async function runCatalogueCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [command, file, ...extra] = argv.filter((arg) => arg !== '--');
  if (command === '--help' || command === '-h') {
    io.out(USAGE);
    return 0;
  }
  if (command !== 'import' || !file || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  // pnpm runs the script in cart-service/; the path is the one the operator typed, from where they typed it.
  const path = resolve(env['INIT_CWD'] ?? process.cwd(), file);
  let products;
  try {
    products = readCatalogueFile(path, DEFAULT_PUBLIC_DIR);
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    io.err(`${error.message}\nRien n'a été importé.`);
    return 1;
  }
  const config = loadConfig(env);
  const started = performance.now();
  let store;
  try {
    store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    io.err(`La base de données ne peut pas être ouverte : ${(error as Error).message}`);
    return 1;
  }
  try {
    const report = await store.importProducts(products);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(`${path} : ${products.length} produits, ${report.added} ajoutés, ${report.updated} modifiés, ${report.unchanged} inchangés (${seconds} s).`);
    return 0;
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    io.err(`${error.message}\nRien n'a été importé.`);
    return 1;
  } finally {
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCatalogueCli(process.argv.slice(2), process.env, { out: (line) => console.log(line), err: (line) => console.error(line) })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
