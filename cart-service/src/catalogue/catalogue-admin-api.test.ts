import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE_PATH } from './catalogue-file';
import { embeddedAppPerSuite } from '../test-support/test-app';

const ADMIN_TOKEN = 'catalogue-operators-token-0123456789-abcdef';
const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });
type Entry = Record<string, unknown> & { id: string; slug: string };
const shipped = () => JSON.parse(readFileSync(DEFAULT_CATALOGUE_PATH, 'utf8')) as { currency: string; products: Entry[] };

const post = (body: unknown, token = ADMIN_TOKEN) =>
  fetch(`${app.url}/admin/catalogue`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /admin/catalogue', () => {
  it('adds and updates products through the running service, a listing shows them at once', async () => {
    const data = shipped();
    const added = { ...data.products[0]!, id: 'zz-100', slug: 'serum-eclat-grand-format', price: 459, oldPrice: 520 };
    const res = await post({ currency: 'MAD', products: [added] });
    expect(await res.json()).toEqual({ imported: { added: 1, updated: 0, unchanged: 0 } });
    expect(res.status).toBe(200);
    const listing = (await (await fetch(`${app.url}/api/products?sort=nouveautes&limit=1`)).json()) as { products: Array<{ id: string }>; total: number };
    expect(listing.products[0]!.id).toBe('zz-100');
    expect(listing.total).toBe(data.products.length + 1);
  });

  it('refuses a wrong file whole, listing its problems, and an unauthenticated one', async () => {
    const data = shipped();
    const res = await post({ currency: 'MAD', products: [{ ...data.products[0]!, id: 'zz-101', slug: 'x', category: 'soap' }] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toMatch(/products\[0\]\.category \(zz-101\)/);
    expect((await fetch(`${app.url}/api/products/zz-101`)).status).toBe(404);
    expect((await post({ currency: 'MAD', products: [] }, 'wrong-token')).status).toBe(401);
  });
});
