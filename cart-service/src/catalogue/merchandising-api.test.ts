import { describe, expect, it } from 'vitest';
import type { MerchandisedProductResponse, ProductDraft, StaleVersionError } from '@shop/contracts/merchandising';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

const ADMIN_TOKEN = 'merchandising-operators-token-0123456789';
const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });

const admin = async (method: string, path: string, body?: unknown, operator = 'salma') => {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json', 'X-Operator': operator },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } } };
};

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  slug: 'savon-au-ghassoul-rose',
  category: 'body',
  price: 45,
  promotion: null,
  initialStock: 30,
  texts: {
    'fr-MA': { name: 'Savon au ghassoul et à la rose', description: 'Savon doux à l’argile du Moyen Atlas et à l’eau de rose.' },
    'ar-MA': { name: 'صابون بالغاسول والورد', description: 'صابون لطيف بطين الأطلس المتوسط وماء الورد.' },
  },
  ...over,
});

describe('/admin/products', () => {
  it('creates a product a shopper finds at once, with the drawing of a product without photo, logged with its operator', async () => {
    const created = await admin('POST', '/admin/products', draft());
    expect(created.status).toBe(201);
    const { product } = created.body as unknown as MerchandisedProductResponse;
    expect(product).toMatchObject({ slug: 'savon-au-ghassoul-rose', version: 1, onHand: 30 });
    expect(product.images[0]).toMatch(/^\/images\/placeholder\.svg\?v=[0-9a-f]{10}$/);
    const page = await fetch(`${app.url}/api/products/savon-au-ghassoul-rose?lang=ar-MA`);
    expect(((await page.json()) as { product: { name: string } }).product.name).toBe('صابون بالغاسول والورد');
    const audit = await admin('GET', `/admin/products/${product.id}/audit`);
    expect(audit.body['entries']).toMatchObject([{ action: 'created', by: 'salma' }]);
    const listed = await admin('GET', '/admin/products?q=ghassoul%20rose');
    expect(listed.body).toMatchObject({ total: 1, products: [{ id: product.id }] });
  });

  it('shows a new price in a cart that holds the product, refuses a stale save with the current values beside it', async () => {
    const { product } = (await admin('POST', '/admin/products', draft({ slug: 'savon-noir-au-laurier' }))).body as unknown as MerchandisedProductResponse;
    const shopper = new CookieClient(app.url);
    expect((await shopper.post('/api/cart/add', { productId: product.id })).status).toBe(200);
    const { id, images: _images, photos: _photos, archived: _archived, onPromotionNow: _now, onHand: _onHand, updatedAt: _at, ...fields } = product;
    const saved = await admin('PUT', `/admin/products/${id}`, { ...fields, price: 39.5, promotion: { oldPrice: 45, startsAt: null, endsAt: null } }, 'yassine');
    expect(saved.status).toBe(200);
    expect((await shopper.get('/api/cart')).body.cart[0]).toMatchObject({ productId: id, price: 39.5, oldPrice: 45 });
    const stale = await admin('PUT', `/admin/products/${id}`, { ...fields, price: 50 });
    expect(stale.status).toBe(409);
    const refusal = stale.body as unknown as StaleVersionError;
    expect(refusal.error.code).toBe('stale_version');
    expect(refusal.error.message).toMatch(/modifié entre-temps/);
    expect(refusal.current).toMatchObject({ price: 39.5, version: 2 });
    expect((await shopper.get('/api/cart')).body.cart[0].price).toBe(39.5);
  });

  it('lists every invalid field with its French message, and refuses a taken slug, a stray field and a missing token', async () => {
    const bad = await admin('POST', '/admin/products', {
      ...draft(),
      price: -3,
      promotion: { oldPrice: 10, startsAt: '2026-12-20T00:00:00Z', endsAt: '2026-12-10T00:00:00Z' },
      texts: { 'fr-MA': draft().texts['fr-MA'], 'ar-MA': { name: 'ص', description: 'وصف قصير جدا للمنتج' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('validation_failed');
    expect(Object.keys(bad.body.error?.fields ?? {}).sort()).toEqual(['price', 'promotion.endsAt', 'texts.ar-MA.name']);
    expect(bad.body.error?.fields?.['texts.ar-MA.name']).toMatch(/^Le nom en arabe/);
    const taken = await admin('POST', '/admin/products', draft({ slug: 'serum-eclat-figue-de-barbarie' }));
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'slug_taken' } } });
    expect((await admin('POST', '/admin/products', { ...draft({ slug: 'autre-savon' }), position: 1 })).body.error?.fields).toEqual({ position: 'Ce champ n’existe pas.' });
    const anonymous = await fetch(`${app.url}/admin/products`);
    expect(anonymous.status).toBe(401);
  });

  it('archives a product out of the shop and back, adjusts its stock with a reason, never below zero', async () => {
    const { product } = (await admin('POST', '/admin/products', draft({ slug: 'savon-a-l-argan' }))).body as unknown as MerchandisedProductResponse;
    expect((await admin('POST', `/admin/products/${product.id}/archive`, { version: 1 })).body).toMatchObject({ product: { archived: true, version: 2 } });
    expect((await fetch(`${app.url}/api/products/savon-a-l-argan`)).status).toBe(404);
    // The console's list finds it only when it asks for archived products too, as its toggle does (`archived=true`).
    expect((await admin('GET', '/admin/products?q=savon-a-l-argan')).body).toMatchObject({ total: 0 });
    expect((await admin('GET', '/admin/products?q=savon-a-l-argan&archived=true')).body).toMatchObject({ total: 1, products: [{ archived: true }] });
    expect((await admin('POST', `/admin/products/${product.id}/restore`, { version: 1 })).status).toBe(409);
    expect((await admin('POST', `/admin/products/${product.id}/restore`, { version: 2 })).status).toBe(200);
    expect((await fetch(`${app.url}/api/products/savon-a-l-argan`)).status).toBe(200);
    const adjusted = await admin('POST', `/admin/products/${product.id}/stock`, { delta: -5, reason: 'Inventaire : 5 savons abîmés' });
    expect(adjusted.body).toMatchObject({ product: { onHand: 25 } });
    const below = await admin('POST', `/admin/products/${product.id}/stock`, { delta: -26, reason: 'Erreur' });
    expect(below).toMatchObject({ status: 409, body: { error: { code: 'out_of_stock' } } });
    expect((await admin('POST', `/admin/products/${product.id}/stock`, { delta: 3, reason: ' ' })).body.error?.fields).toHaveProperty('reason');
    const log = await admin('GET', '/admin/catalogue/audit');
    expect((log.body['entries'] as Array<{ action: string; reason?: string }>).slice(0, 3)).toMatchObject([
      { action: 'stock_adjusted', reason: 'Inventaire : 5 savons abîmés' },
      { action: 'restored' },
      { action: 'archived' },
    ]);
    expect((await admin('GET', '/admin/products/m-ffffffffffff')).status).toBe(404);
  });
});
