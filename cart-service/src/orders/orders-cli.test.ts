import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { fileStoreAppPerSuite } from '../test-support/test-app';
import { runOrdersCli } from './orders-cli';

const ADMIN_TOKEN = 'cli-operators-token-0123456789-abcdefghijk';
const { app } = fileStoreAppPerSuite({ adminToken: ADMIN_TOKEN });

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

    const refused = await run('status', number, 'livrée');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('409 invalid_transition');
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
