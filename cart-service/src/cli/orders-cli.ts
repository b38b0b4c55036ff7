import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { AdminOrdersResponse, Order, OrderResponse, OrderStatus } from '@shop/contracts/orders';
import { DEFAULT_CART_SERVICE_URL } from '@shop/contracts/ports';
import { adminClient, date, escapeJson, mad, printable, printRows, refused, type CliIo } from './admin-cli';
import { ORDER_STATUSES } from '@shop/contracts/orders';

/**
 * The operators' tool: lists orders and moves one along its life, through cart-service's /admin routes.
 *   pnpm --filter cart-service orders list [--status reçue] [--q|--search K7M2-Q9XP|0612345678] [--limit 50] [--cursor …|--all] [--json]
 *   pnpm --filter cart-service orders status K7M2-Q9XP confirmée
 * Environment: CART_SERVICE_URL (default: contracts/src/ports.ts), ADMIN_TOKEN (the one cart-service was started with).
 */
const USAGE = `Usage:
  orders list [--status <${ORDER_STATUSES.join('|')}>] [--q <numéro ou téléphone>] [--limit <1-100>] [--cursor <c> | --all] [--json]
  orders status <numéro> <${ORDER_STATUSES.join('|')}>
Environment: CART_SERVICE_URL (default ${DEFAULT_CART_SERVICE_URL}), ADMIN_TOKEN (required).`;


/** Runs one command; answers the process exit code (0 done, 1 refused by the service, 2 usage or configuration). */
export async function runOrdersCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        q: { type: 'string' },
        // The first spelling of --q, kept for the scripts that use it.
        search: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
        all: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.out(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const client = adminClient(env, io);
  if (!client) return 2;
  const { base, call } = client;

  try {
    if (command === 'list' && rest.length === 0) {
      // One page (--limit, at most 100) from --cursor; --all follows the pages to the end.
      const orders: Order[] = [];
      const search = parsed.values.q ?? parsed.values.search;
      let cursor = parsed.values.cursor;
      for (;;) {
        const query = new URLSearchParams();
        if (parsed.values.status) query.set('status', parsed.values.status);
        if (search !== undefined) query.set('q', search);
        if (parsed.values.limit) query.set('limit', parsed.values.limit);
        if (cursor) query.set('cursor', cursor);
        const res = await call(`/admin/orders${query.size ? `?${query}` : ''}`);
        if (!res.ok) return refused(io, res);
        const page = (await res.json()) as AdminOrdersResponse;
        orders.push(...page.orders);
        cursor = page.nextCursor ?? undefined;
        if (!cursor || !parsed.values.all) break;
      }
      if (parsed.values.json) io.out(escapeJson(JSON.stringify(orders, null, 2)));
      else printTable(io, orders);
      // The cursor only means something with the same filters: the hint repeats them.
      if (cursor) io.err(`Page suivante : orders list --cursor ${cursor}${nextPageFilters(parsed.values.status, search)}`);
      return 0;
    }
    if (command === 'status' && rest.length === 2) {
      const [number, status] = rest as [string, string];
      const res = await call(`/admin/orders/${encodeURIComponent(number)}/status`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: status as OrderStatus }),
      });
      if (!res.ok) return refused(io, res);
      const { order } = (await res.json()) as OrderResponse;
      io.out(`${printable(order.number)} : ${printable(order.status)}`);
      return 0;
    }
  } catch (error) {
    io.err(`cart-service cannot be reached at ${base}: ${(error as Error).message}`);
    return 1;
  }
  io.err(USAGE);
  return 2;
}

/** ` --status … --q '…'`, quoted for a POSIX shell (a phone is often typed with spaces). */
function nextPageFilters(status: string | undefined, search: string | undefined): string {
  const quoted = (value: string) => (/^[\p{L}\p{N}+._-]+$/u.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);
  return `${status ? ` --status ${printable(quoted(status))}` : ''}${search ? ` --q ${printable(quoted(search))}` : ''}`;
}

function printTable(io: CliIo, orders: Order[]): void {
  if (orders.length === 0) {
    io.out('Aucune commande.');
    return;
  }
  const header = ['Numéro', 'Date', 'Statut', 'Total', 'Articles', 'Client', 'Téléphone', 'Ville'];
  printRows(
    io,
    header,
    orders.map((o) => [
      o.number,
      date.format(new Date(o.createdAt)),
      o.status,
      mad.format(o.total),
      String(o.lines.reduce((n, l) => n + l.quantity, 0)),
      o.delivery.fullName,
      o.delivery.phone,
      o.delivery.city,
    ]),
  );
}

// Run as a script (not when imported by the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOrdersCli(process.argv.slice(2), process.env, { out: console.log, err: console.error }).then((code) => {
    process.exitCode = code;
  });
}
