import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/contracts/cart';
import { CART_SESSION_MARK_COOKIE } from '@shop/contracts/session-claim';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';
import { expectedItem } from './expected-item.fixture';

const QUANTITY_MESSAGE = 'La quantité doit être un nombre entier entre 1 et 99.';

const { app } = embeddedAppPerSuite();

const visitor = () => new CookieClient(app.url);

describe('GET /api/cart', () => {
  it('answers a new visitor 200 {cart: []} and opens no session: a read sets no cookie (decision 039)', async () => {
    const client = visitor();
    const res = await client.get('/api/cart');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cart: [] });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.setCookies).toEqual([]);
    // With a claim, still nothing: only a write opens the claim's session.
    client.cookies.set('shop.claim', 'AAAAAAAAAAAAAAAAAAAAAA');
    expect((await client.get('/api/cart')).setCookies).toEqual([]);
  });

  it('opens a session on the first write: a signed, HttpOnly, SameSite=Lax cookie holding only an id', async () => {
    const client = visitor();
    const res = await client.post('/api/cart/add', { productId: 'sv-001' });
    expect(res.status).toBe(200);
    const session = res.setCookies.find((c) => c.startsWith('shop.sid='));
    const signature = res.setCookies.find((c) => c.startsWith('shop.sid.sig='));
    expect(session).toBeDefined();
    expect(signature).toBeDefined();
    for (const cookie of [session, signature]) {
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).toMatch(/; path=\//i);
      expect(cookie).not.toMatch(/; secure/i);
      const expires = Date.parse(/expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? '');
      expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
      expect(expires - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000 + 5000);
    }
    expect(client.cookies.get('shop.sid')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Beside it, the page's mark that a session exists (decision 047): readable by scripts, the same lifetime, no id.
    const mark = res.setCookies.find((c) => c.startsWith(`${CART_SESSION_MARK_COOKIE}=`));
    expect(mark).toMatch(new RegExp(`^${CART_SESSION_MARK_COOKIE.replace('.', '\\.')}=1;`));
    expect(mark).not.toMatch(/; httponly/i);
    expect(mark).toMatch(/; samesite=lax/i);
    expect(/expires=([^;]+)/i.exec(mark ?? '')?.[1]).toBe(/expires=([^;]+)/i.exec(session ?? '')?.[1]);
  });

  it('does not rewrite the cookie on later reads', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sv-001' });
    const again = await client.get('/api/cart');
    expect(again.status).toBe(200);
    expect(again.body.cart).toHaveLength(1);
    expect(again.setCookies).toEqual([]);
  });

  it('marks the cookie Secure when the proxy says the request came over https', async () => {
    const res = await visitor().post('/api/cart/add', { productId: 'sv-001' }, { 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((c) => c.startsWith('shop.sid='))).toMatch(/; secure/i);
  });

  it('gives a visitor with a forged or tampered cookie an empty cart, and a new session at their first write', async () => {
    const owner = visitor();
    await owner.post('/api/cart/add', { productId: 'sv-001' });
    const forger = visitor();
    forger.cookies.set('shop.sid', owner.cookies.get('shop.sid') ?? '');
    forger.cookies.set('shop.sid.sig', 'not-the-signature');
    const res = await forger.get('/api/cart');
    expect(res.body).toEqual({ cart: [] });
    expect(res.setCookies).toEqual([]);
    const added = await forger.post('/api/cart/add', { productId: 'sv-002' });
    expect(added.body.cart).toHaveLength(1);
    expect(forger.cookies.get('shop.sid')).not.toBe(owner.cookies.get('shop.sid'));
    const unsigned = visitor();
    unsigned.cookies.set('shop.sid', owner.cookies.get('shop.sid') ?? '');
    expect((await unsigned.get('/api/cart')).body).toEqual({ cart: [] });
    expect((await owner.get('/api/cart')).body.cart).toHaveLength(1);
  });
});

describe('POST /api/cart/add', () => {
  it('adds one by default, adds to an existing line, and reads name, prices and images from the catalogue', async () => {
    const client = visitor();
    const first = await client.post('/api/cart/add', { productId: 'sv-001' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({ cart: [expectedItem('sv-001', 1)] });
    expect(first.body.cart[0].oldPrice).toBe(340);
    const second = await client.post('/api/cart/add', { productId: 'sv-001', quantity: 3 });
    expect(second.body).toEqual({ cart: [expectedItem('sv-001', 4)] });
    const third = await client.post('/api/cart/add', { productId: 'sv-002', quantity: 2 });
    expect(third.body).toEqual({ cart: [expectedItem('sv-001', 4), expectedItem('sv-002', 2)] });
    expect((await client.get('/api/cart')).body).toEqual(third.body);
    // An item without a promotion has no oldPrice key at all.
    expect('oldPrice' in third.body.cart[1]).toBe(false);
  });

  it('lists lines in catalogue order, whatever the order they were added in', async () => {
    const client = visitor();
    for (const id of ['pk-002', 'sh-001', 'sv-003', 'sc-004']) await client.post('/api/cart/add', { productId: id });
    const res = await client.get('/api/cart');
    expect(res.body.cart.map((i: CartItem) => i.productId)).toEqual(['sv-003', 'sc-004', 'sh-001', 'pk-002']);
  });

  it('gives the first visit a cookie on add too', async () => {
    const client = visitor();
    const res = await client.post('/api/cart/add', { productId: 'sh-003' });
    expect(res.status).toBe(200);
    expect(client.cookies.has('shop.sid')).toBe(true);
    expect((await client.get('/api/cart')).body).toEqual({ cart: [expectedItem('sh-003', 1)] });
  });

  it('re-sends the cookie after a change so it expires 30 days after the last change', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sv-002' });
    const res = await client.post('/api/cart/add', { productId: 'sv-001' });
    expect(res.setCookies.some((c) => c.startsWith('shop.sid='))).toBe(true);
  });

  it('refuses client-supplied names or prices', async () => {
    const client = visitor();
    const res = await client.post('/api/cart/add', { productId: 'sv-001', quantity: 1, price: 1, name: 'Gratuit' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: 'La requête contient un champ non autorisé.' } });
    expect((await client.get('/api/cart')).body).toEqual({ cart: [] });
  });

  it('answers 404 product_not_found for a product that is not in the catalogue', async () => {
    const res = await visitor().post('/api/cart/add', { productId: 'nope-404' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'product_not_found', message: 'Produit introuvable.' } });
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['float', 1.5],
    ['over the cap', 100],
    ['huge', 1e21],
    ['a string', '2'],
    ['null', null],
    ['a boolean', true],
    ['an array', [1]],
    ['an object', { value: 1 }],
  ])('answers 400 for a quantity that is %s', async (_label, quantity) => {
    const client = visitor();
    const res = await client.post('/api/cart/add', { productId: 'sv-001', quantity });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: QUANTITY_MESSAGE } });
  });

  it.each([
    ['missing', {}],
    ['a number', { productId: 12 }],
    ['empty', { productId: '' }],
    ['an object', { productId: { $ne: null } }],
    ['too long', { productId: 'x'.repeat(65) }],
  ])('answers 400 for a productId that is %s', async (_label, body) => {
    const res = await visitor().post('/api/cart/add', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: "L'identifiant du produit est manquant ou invalide." } });
  });

  it('refuses a total above 99 for one line and leaves the line as it was', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sv-001', quantity: 98 });
    const res = await client.post('/api/cart/add', { productId: 'sv-001', quantity: 2 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'validation_failed', message: 'La quantité totale de ce produit dans le panier ne peut pas dépasser 99.' },
    });
    expect((await client.get('/api/cart')).body).toEqual({ cart: [expectedItem('sv-001', 98)] });
  });

  it.each([
    ['an array', [{ productId: 'sv-001' }]],
    ['a string', 'sv-001'],
    ['a number', 1],
    ['null', null],
  ])('answers 400 when the JSON body is %s', async (_label, body) => {
    const res = await visitor().post('/api/cart/add', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: 'Le corps de la requête doit être un objet JSON.' } });
  });

  it('refuses __proto__ and constructor keys without polluting anything', async () => {
    const client = visitor();
    for (const body of [
      '{"productId":"sv-001","__proto__":{"polluted":true}}',
      '{"productId":"sv-001","constructor":{"prototype":{"polluted":true}}}',
      '{"__proto__":{"quantity":5},"productId":"sv-001"}',
    ]) {
      const res = await client.request('/api/cart/add', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await client.get('/api/cart')).body).toEqual({ cart: [] });
  });
});

describe('POST /api/cart/update', () => {
  it('sets the absolute quantity of a line', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sc-003', quantity: 5 });
    const res = await client.post('/api/cart/update', { productId: 'sc-003', quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cart: [expectedItem('sc-003', 2)] });
    expect((await client.post('/api/cart/update', { productId: 'sc-003', quantity: 99 })).body).toEqual({
      cart: [expectedItem('sc-003', 99)],
    });
  });

  it('answers 404 product_not_found for a line that is not in the cart, without creating it', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sv-001' });
    const res = await client.post('/api/cart/update', { productId: 'sv-002', quantity: 3 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'product_not_found', message: "Ce produit n'est pas dans votre panier." } });
    expect((await client.get('/api/cart')).body).toEqual({ cart: [expectedItem('sv-001', 1)] });
  });

  it('answers 404 for an unknown product and 400 for a bad or missing quantity', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sv-001' });
    expect((await client.post('/api/cart/update', { productId: 'zz-999', quantity: 1 })).status).toBe(404);
    for (const quantity of [0, -3, 2.5, 100, '3', null, undefined]) {
      const res = await client.post('/api/cart/update', { productId: 'sv-001', quantity });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'validation_failed', message: QUANTITY_MESSAGE } });
    }
    expect((await client.get('/api/cart')).body).toEqual({ cart: [expectedItem('sv-001', 1)] });
  });
});

describe('POST /api/cart/remove', () => {
  it('removes a line and is idempotent', async () => {
    const client = visitor();
    await client.post('/api/cart/add', { productId: 'sv-001' });
    await client.post('/api/cart/add', { productId: 'sh-004', quantity: 2 });
    const res = await client.post('/api/cart/remove', { productId: 'sv-001' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cart: [expectedItem('sh-004', 2)] });
    const again = await client.post('/api/cart/remove', { productId: 'sv-001' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ cart: [expectedItem('sh-004', 2)] });
    expect((await client.post('/api/cart/remove', { productId: 'sh-004' })).body).toEqual({ cart: [] });
  });

  it('answers 404 for an unknown product and 400 for extra fields', async () => {
    const client = visitor();
    expect((await client.post('/api/cart/remove', { productId: 'zz-999' })).status).toBe(404);
    const extra = await client.post('/api/cart/remove', { productId: 'sv-001', quantity: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('validation_failed');
  });
});
