import { describe, expect, it } from 'vitest';
import type { CatalogueAuditPage, MerchandisedProductResponse, MerchandisedProductsPage, ProductDraft, StaleVersionError } from '@shop/contracts/merchandising';
import { MERCHANDISING_MESSAGES } from '@shop/contracts/merchandising';
import { startCartService } from '../../test-support/cart-service-process';
import { serverOnReleaseHostsForFile } from '../../test-support/for-file';
import { startReleaseControlServer } from '../../test-support/release-control-server';

const ADMIN_TOKEN = 'jeton-admin-catalogue-0123456789abcdef';

// Release control over HTTP in front of the real cart-service (its own process, its own embedded database).
const fixture = serverOnReleaseHostsForFile('catalogue through cart-service', async (releases) => {
  const cartService = await startCartService({ ADMIN_TOKEN });
  const server = await startReleaseControlServer({ releases, cartService: { url: cartService.url, adminToken: ADMIN_TOKEN } }).catch(async (error: unknown) => {
    await cartService.stop();
    throw error;
  });
  return { ...server, close: async () => (await server.close(), await cartService.stop()) };
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${fixture.server.url}/operations/api/catalogue${path}`, {
    method,
    headers: { Authorization: `Bearer ${fixture.server.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const draft: ProductDraft = {
  slug: 'huile-figue-console',
  category: 'face',
  price: 249,
  promotion: null,
  texts: {
    'fr-MA': { name: 'Huile de figue de Barbarie', description: 'Une huile sèche, pressée à froid.' },
    'ar-MA': { name: 'زيت التين الشوكي', description: 'زيت جاف معصور على البارد.' },
  },
  initialStock: 12,
};

describe('the console’s catalogue against the real cart-service', () => {
  it('creates, finds, edits from the version read, refuses a stale save with the current product, and logs the operator', { timeout: 60_000 }, async () => {
    const created = await call('POST', '/products', draft);
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as MerchandisedProductResponse;
    expect(product).toMatchObject({ slug: draft.slug, price: 249, onHand: 12, version: 1, archived: false });

    const found = (await (await call('GET', `/products?q=${encodeURIComponent('التين')}`)).json()) as MerchandisedProductsPage;
    expect(found.products.map((p) => p.id)).toContain(product.id);

    const { initialStock: _initialStock, ...fields } = draft;
    const saved = await call('PUT', `/products/${product.id}`, { ...fields, price: 199.9, version: 1 });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as MerchandisedProductResponse).product).toMatchObject({ price: 199.9, version: 2 });

    // A save from version 1 again: 409, nothing written, the product as it now is.
    const stale = await call('PUT', `/products/${product.id}`, { ...fields, price: 150, version: 1 });
    expect(stale.status).toBe(409);
    const refusal = (await stale.json()) as StaleVersionError;
    expect(refusal.error).toEqual({ code: 'stale_version', message: MERCHANDISING_MESSAGES.staleVersion });
    expect(refusal.current).toMatchObject({ id: product.id, price: 199.9, version: 2 });

    // A 400's fields come through as cart-service wrote them.
    const invalid = await call('PUT', `/products/${product.id}`, { ...fields, texts: { ...fields.texts, 'ar-MA': { name: '', description: 'زيت جاف معصور على البارد.' } }, version: 2 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(((await invalid.json()) as { error: { fields: Record<string, string> } }).error.fields)).toContain('texts.ar-MA.name');

    expect((await call('POST', `/products/${product.id}/stock`, { delta: -2, reason: 'Flacon cassé' })).status).toBe(200);
    expect((await call('POST', `/products/${product.id}/archive`, { version: 2 })).status).toBe(200);

    const audit = (await (await call('GET', `/products/${product.id}/audit`)).json()) as CatalogueAuditPage;
    expect(audit.entries.map((entry) => [entry.action, entry.by])).toEqual([
      ['archived', 'amina'],
      ['stock_adjusted', 'amina'],
      ['updated', 'amina'],
      ['created', 'amina'],
    ]);
    expect(audit.entries[2]!.changes).toContainEqual({ field: 'price', before: 249, after: 199.9 });
    const journal = (await (await call('GET', '/audit')).json()) as CatalogueAuditPage;
    expect(journal.entries[0]).toMatchObject({ productId: product.id, action: 'archived', by: 'amina' });
  });
});
