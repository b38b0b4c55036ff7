import { pathToFileURL } from 'node:url';
import type { AdminStockResponse, StockLevel, StockLevelResponse } from '@shop/contracts/stock';
import { DEFAULT_CART_SERVICE_URL } from '@shop/contracts/ports';
import { adminClient, escapeJson, printable, printRows, refused, type CliIo } from './admin-cli';

/**
 * The operators' stock tool, through cart-service's /admin/stock routes (the operators' console will do the same):
 *   pnpm --filter cart-service stock list [--json]
 *   pnpm --filter cart-service stock set sv-001 24        the quantity counted on the shelf
 *   pnpm --filter cart-service stock adjust sv-001 -- -2  units received (+) or written off (-)
 * Environment: CART_SERVICE_URL (default: contracts/src/ports.ts), ADMIN_TOKEN (the one cart-service was started with).
 */
const USAGE = `Usage:
  stock list [--json]
  stock set <produit> <quantité>
  stock adjust <produit> <+/-quantité>
Environment: CART_SERVICE_URL (default ${DEFAULT_CART_SERVICE_URL}), ADMIN_TOKEN (required).`;

const STATUS_TEXT: Record<StockLevel['availability']['status'], string> = {
  'in-stock': 'en stock',
  'low-stock': 'stock limité',
  'out-of-stock': 'rupture de stock',
};

/** Runs one command; answers the exit code (0 done, 1 refused by the service, 2 usage or configuration). */
export async function runStockCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const [command, productId, amount, ...extra] = argv.filter((arg) => arg !== '--json' && arg !== '--');
  if (!command || command === '--help' || command === '-h') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const client = adminClient(env, io);
  if (!client) return 2;
  const integer = amount !== undefined && /^[+-]?\d{1,7}$/.test(amount) ? Number(amount) : undefined;
  try {
    if (command === 'list' && productId === undefined) {
      const res = await client.call('/admin/stock');
      if (!res.ok) return refused(io, res);
      const { stock } = (await res.json()) as AdminStockResponse;
      if (json) io.out(escapeJson(JSON.stringify(stock, null, 2)));
      else printTable(io, stock);
      return 0;
    }
    if ((command === 'set' || command === 'adjust') && productId && integer !== undefined && extra.length === 0) {
      const res =
        command === 'set'
          ? await client.send(`/admin/stock/${encodeURIComponent(productId)}`, 'PUT', { onHand: integer })
          : await client.send(`/admin/stock/${encodeURIComponent(productId)}/adjust`, 'POST', { delta: integer });
      if (!res.ok) return refused(io, res);
      const { stock } = (await res.json()) as StockLevelResponse;
      io.out(printable(`${stock.productId} : ${stock.onHand} (${STATUS_TEXT[stock.availability.status]})`));
      return 0;
    }
  } catch (error) {
    io.err(`cart-service cannot be reached at ${client.base}: ${(error as Error).message}`);
    return 1;
  }
  io.err(USAGE);
  return 2;
}

function printTable(io: CliIo, stock: StockLevel[]): void {
  printRows(io, ['Produit', 'Stock', 'Disponibilité', 'Nom'], stock.map((s) => [s.productId, String(s.onHand), STATUS_TEXT[s.availability.status], s.name]));
}

// Run as a script (not when imported by the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStockCli(process.argv.slice(2), process.env, { out: console.log, err: console.error }).then((code) => {
    process.exitCode = code;
  });
}
