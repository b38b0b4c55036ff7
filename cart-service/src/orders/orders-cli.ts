import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ApiErrorBody } from '@shop/contracts/errors';
import type { AdminOrdersResponse, Order, OrderResponse, OrderStatus } from '@shop/contracts/orders';
import { ORDER_STATUSES } from './order-status';

/**
 * The operators' tool: lists orders and moves one along its life, through cart-service's /admin routes.
 *   pnpm --filter cart-service orders list [--status reçue] [--json]
 *   pnpm --filter cart-service orders status K7M2-Q9XP confirmée
 * Environment: CART_SERVICE_URL (http://127.0.0.1:4000), ADMIN_TOKEN (the one cart-service was started with).
 */
const USAGE = `Usage:
  orders list [--status <${ORDER_STATUSES.join('|')}>] [--json]
  orders status <numéro> <${ORDER_STATUSES.join('|')}>
Environment: CART_SERVICE_URL (default http://127.0.0.1:4000), ADMIN_TOKEN (required).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; answers the process exit code (0 done, 1 refused by the service, 2 usage or configuration). */
export async function runOrdersCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { status: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
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
  const token = env['ADMIN_TOKEN'];
  if (!token) {
    io.err('ADMIN_TOKEN is not set: use the token cart-service was started with.');
    return 2;
  }
  const base = (env['CART_SERVICE_URL'] ?? 'http://127.0.0.1:4000').replace(/\/$/, '');
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });

  try {
    if (command === 'list' && rest.length === 0) {
      const query = parsed.values.status ? `?status=${encodeURIComponent(parsed.values.status)}` : '';
      const res = await call(`/admin/orders${query}`);
      if (!res.ok) return refused(io, res);
      const { orders } = (await res.json()) as AdminOrdersResponse;
      if (parsed.values.json) io.out(escapeJson(JSON.stringify(orders, null, 2)));
      else printTable(io, orders);
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

async function refused(io: CliIo, res: Response): Promise<number> {
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
  io.err(printable(`${res.status} ${body?.error.code ?? ''}: ${body?.error.message ?? res.statusText}`));
  return 1;
}

const mad = new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' });
const date = new Intl.DateTimeFormat('fr-MA', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Africa/Casablanca' });

/**
 * Characters a terminal would act on instead of showing: control characters (line breaks, escape sequences),
 * line and paragraph separators, and format characters (bidi embeddings, overrides, isolates and marks, zero-width
 * characters). Stored orders are checked when placed, but not those stored before the check, nor edited by hand.
 */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/gu;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with those characters shown escaped (`\n`, `\u202E`) and backslashes doubled, so a value stays one cell. */
export function printable(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(INVISIBLE, (c) => {
    const code = c.codePointAt(0)!;
    const hex = code.toString(16).toUpperCase();
    return NAMED[c] ?? (code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`);
  });
}

/**
 * JSON output: JSON.stringify escapes C0 controls in strings (raw ones are its own line breaks) but leaves DEL, C1,
 * separators and format characters raw: those become \uXXXX escapes (the same value for any JSON reader).
 */
const INVISIBLE_IN_JSON = /[\u007F-\u009F\p{Zl}\p{Zp}\p{Cf}]/gu;

function escapeJson(json: string): string {
  return json.replace(INVISIBLE_IN_JSON, (c) =>
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`).join(''),
  );
}

function printTable(io: CliIo, orders: Order[]): void {
  if (orders.length === 0) {
    io.out('Aucune commande.');
    return;
  }
  const rows = orders.map((o) =>
    [
      o.number,
      date.format(new Date(o.createdAt)),
      o.status,
      mad.format(o.total),
      String(o.lines.reduce((n, l) => n + l.quantity, 0)),
      o.delivery.fullName,
      o.delivery.phone,
      o.delivery.city,
    ].map(printable),
  );
  const header = ['Numéro', 'Date', 'Statut', 'Total', 'Articles', 'Client', 'Téléphone', 'Ville'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) io.out(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
}

// Run as a script (not when imported by the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOrdersCli(process.argv.slice(2), process.env, { out: console.log, err: console.error }).then((code) => {
    process.exitCode = code;
  });
}
