import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';
import type { StoredOrder } from '../store/order-store';
import { printable } from './admin-cli';
import { runOrdersCli } from './orders-cli';

const ADMIN_TOKEN = 'cli-operators-token-0123456789-abcdefghijk';
const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { CART_SERVICE_URL: app.url, ADMIN_TOKEN };
  const code = await runOrdersCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('orders CLI against a real cart-service', () => {
  it('lists orders and moves one to confirmée, then refuses an impossible step', async () => {
    const shopper = new CookieClient(app.url);
    await shopper.post('/api/cart/add', { productId: 'sc-001', quantity: 2 });
    const placed = await shopper.post(
      '/api/orders',
      { fullName: 'Salma Tazi', phone: '0522123456', city: 'Casablanca', address: '14, boulevard Anfa, Racine' },
      { 'Idempotency-Key': randomUUID() },
    );
    const number = placed.body.order.number as string;

    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/Numéro\s+Date\s+Statut\s+Total/);
    expect(list.out).toContain(number);
    expect(list.out).toContain('Salma Tazi');
    expect(list.out).toContain('+212522123456');

    expect(await run('status', number.toLowerCase(), 'confirmée')).toMatchObject({ code: 0, out: `${number} : confirmée` });
    const json = await run('list', '--status', 'confirmée', '--json');
    expect(JSON.parse(json.out).map((o: { number: string }) => o.number)).toEqual([number]);

    // --q (or --search, its first spelling) finds orders by number or phone, in any usual spelling.
    const numbers = (out: string) => JSON.parse(out).map((o: { number: string }) => o.number) as string[];
    expect(numbers((await run('list', '--search', '05 22 12 34 56', '--json')).out)).toEqual([number]);
    expect(numbers((await run('list', '--q', number.toLowerCase().replace('-', ''), '--json')).out)).toEqual([number]);
    const badSearch = await run('list', '--q', 'n’importe quoi');
    expect(badSearch.code).toBe(1);
    expect(badSearch.err).toContain('400 validation_failed');

    // A second order from the same phone: one per page, and the hint for the next page keeps the search (quoted).
    await shopper.post('/api/cart/add', { productId: 'sc-001', quantity: 1 });
    const again = await shopper.post(
      '/api/orders',
      { fullName: 'Salma Tazi', phone: '+212 522 12 34 56', city: 'Casablanca', address: '14, boulevard Anfa, Racine' },
      { 'Idempotency-Key': randomUUID() },
    );
    const newer = again.body.order.number as string;
    const firstPage = await run('list', '--q', '05 22 12 34 56', '--limit', '1', '--json');
    expect(numbers(firstPage.out)).toEqual([newer]);
    const hint = /^Page suivante : orders list --cursor (\S+) --q '05 22 12 34 56'$/.exec(firstPage.err);
    expect(hint, firstPage.err).not.toBeNull();
    const nextPage = await run('list', '--cursor', hint![1]!, '--q', '05 22 12 34 56', '--limit', '1', '--json');
    expect({ orders: numbers(nextPage.out), err: nextPage.err }).toEqual({ orders: [number], err: '' });

    const refused = await run('status', number, 'livrée');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('409 invalid_transition');
  });

  it('shows a hostile stored order on one line of the table, its characters escaped, without reordering it', async () => {
    // Stored as it is (an order placed before the checks, or edited by hand): the CLI must not trust it.
    const cartId = randomUUID().replaceAll('-', '').slice(0, 32);
    const lines = (await app.store.addLine(cartId, 'sv-001', 1, 99)).lines;
    const now = Date.now();
    const hostile: StoredOrder = {
      number: 'HSTL-9999',
      ownerId: cartId,
      placedBy: cartId,
      status: 'reçue',
      createdAt: now,
      updatedAt: now,
      lines: [{ productId: 'sv-001', name: 'Sérum', price: 100, quantity: 1, images: [] }],
      total: 100,
      delivery: {
        fullName: 'Amina\r\nFAKE-0000  01/01/2026 00:00  livrée\u001b[2K\u009b1A',
        phone: '+212612345678',
        city: '\u202Etaba\u202C\u2066R\u2069\u2028',
        address: '12, rue \u0007\u202E', // (NUL cannot be stored at all: PostgreSQL refuses it in text and jsonb)
      },
    };
    expect((await app.store.placeOrder(hostile, 'hostile-key-1', 'fingerprint', lines)).kind).toBe('placed');

    const list = await run('list');
    expect(list.code).toBe(0);
    const count = (JSON.parse((await run('list', '--json')).out) as unknown[]).length;
    const table = list.out.split('\n');
    expect(table).toHaveLength(1 + count); // one header, one line per order: nothing split a row
    for (const line of table) expect(line).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/u);
    const row = table.find((line) => line.startsWith('HSTL-9999'))!;
    expect(row).toContain('Amina\\r\\nFAKE-0000  01/01/2026 00:00  livrée\\u001B[2K\\u009B1A');
    expect(row).toContain('\\u202Etaba\\u202C\\u2066R\\u2069\\u2028');
    // The columns still line up: the phone sits under its header.
    expect(row.indexOf('+212612345678')).toBe(table[0]!.indexOf('Téléphone'));

    // JSON keeps the exact values (escaped, so nothing is reordered on screen either).
    const json = await run('list', '--json');
    expect(json.out).not.toMatch(/[\u007F-\u009F\p{Zl}\p{Zp}\p{Cf}]/u);
    const listed = (JSON.parse(json.out) as Array<{ number: string; delivery: unknown }>).find((o) => o.number === 'HSTL-9999');
    expect(listed?.delivery).toEqual(hostile.delivery);
  });

  it('escapes what a terminal would act on, and nothing else', () => {
    expect(printable('Fès\nMeknès\t\r\u202E\u200F\u{E0041}\\n')).toBe('Fès\\nMeknès\\t\\r\\u202E\\u200F\\u{E0041}\\\\n');
    expect(printable('Kelâat M’Gouna 1.234,50\u202FMAD مراكش')).toBe('Kelâat M’Gouna 1.234,50\u202FMAD مراكش');
  });

  it('explains a wrong token, a missing token and a wrong command', async () => {
    const wrong = await runOrdersCli(['list'], { CART_SERVICE_URL: app.url, ADMIN_TOKEN: 'x'.repeat(40) }, { out: () => {}, err: () => {} });
    expect(wrong).toBe(1);
    const errors: string[] = [];
    expect(await runOrdersCli(['list'], { CART_SERVICE_URL: app.url }, { out: () => {}, err: (l) => errors.push(l) })).toBe(2);
    expect(errors.join()).toContain('ADMIN_TOKEN is not set');
    expect((await run('ship')).code).toBe(2);
  });
});
