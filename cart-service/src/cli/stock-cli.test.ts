import { describe, expect, it } from 'vitest';
import { embeddedAppPerSuite } from '../test-support/test-app';
import { runStockCli } from './stock-cli';

const ADMIN_TOKEN = 'stock-cli-operators-token-0123456789-abcdef';
const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStockCli(argv, { CART_SERVICE_URL: app.url, ADMIN_TOKEN }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('stock CLI against a real cart-service', () => {
  it('counts, adjusts and lists stock, and refuses what the service refuses', async () => {
    expect(await run('set', 'sv-001', '4')).toEqual({ code: 0, out: 'sv-001 : 4 (stock limité)', err: '' });
    expect(await run('adjust', 'sv-001', '--', '-4')).toEqual({ code: 0, out: 'sv-001 : 0 (rupture de stock)', err: '' });
    expect(await run('adjust', 'sv-001', '+30')).toMatchObject({ code: 0, out: 'sv-001 : 30 (en stock)' });
    const below = await run('adjust', 'sv-001', '-31');
    expect(below.code).toBe(1);
    expect(below.err).toContain('409 out_of_stock');
    const list = await run('list');
    expect(list.out.split('\n')[0]).toMatch(/^Produit\s+Stock\s+Disponibilité\s+Nom$/);
    expect(list.out).toMatch(/^sv-001\s+30\s+en stock\s+/m);
    const json = JSON.parse((await run('list', '--json')).out) as Array<{ productId: string; onHand: number }>;
    expect(json.find((s) => s.productId === 'sv-001')?.onHand).toBe(30);
    expect((await run('set', 'sv-001', 'beaucoup')).code).toBe(2);
    expect((await run('set', 'inconnu', '3')).code).toBe(1);
    expect((await runStockCli(['list'], { CART_SERVICE_URL: app.url }, { out: () => undefined, err: () => undefined }))).toBe(2);
  });
});
