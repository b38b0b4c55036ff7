import type { ApiErrorBody } from '@shop/contracts/errors';
import { DEFAULT_CART_SERVICE_URL } from '@shop/contracts/ports';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * The operators' tools talk to cart-service's /admin routes: CART_SERVICE_URL (DEFAULT_CART_SERVICE_URL) and ADMIN_TOKEN
 * (the one cart-service was started with). Undefined (after saying why on `err`) when the token is missing.
 */
export function adminClient(env: NodeJS.ProcessEnv, io: CliIo) {
  const token = env['ADMIN_TOKEN'];
  if (!token) {
    // `pnpm start` draws a token nobody else knows unless one is given: say how to give one.
    io.err(
      'ADMIN_TOKEN is not set: use the token cart-service was started with. `pnpm start` draws a new one at each start ' +
        'unless it is started with ADMIN_TOKEN set (32 characters or more), e.g. ADMIN_TOKEN=$(openssl rand -hex 24).',
    );
    return undefined;
  }
  const base = (env['CART_SERVICE_URL'] ?? DEFAULT_CART_SERVICE_URL).replace(/\/$/, '');
  return {
    base,
    call: (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
    send: (path: string, method: string, json: unknown) =>
      fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
  };
}

export async function refused(io: CliIo, res: Response): Promise<number> {
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
  io.err(printable(`${res.status} ${body?.error.code ?? ''}: ${body?.error.message ?? res.statusText}`));
  return 1;
}

export const mad = new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' });
export const date = new Intl.DateTimeFormat('fr-MA', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Africa/Casablanca' });

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

export function escapeJson(json: string): string {
  return json.replace(INVISIBLE_IN_JSON, (c) =>
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`).join(''),
  );
}


/** A table: the header, then one line per row, each cell shown `printable` and padded to its column's width. */
export function printRows(io: CliIo, header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const cells = rows.map((row) => row.map(printable));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  for (const row of [header, ...cells]) io.out(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
}
