import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_NOTICES } from '@shop/contracts/cart';
import { MAX_FORM_BODY_BYTES } from '@shop/contracts/forms';
import { startCartService } from '@shop/release-control/test-support/cart-service-process';
import { startShell, type ShellFixture } from '../test-support/shell-fixture';
import { FORM_MESSAGES } from './form-posts';
import { NOTICE_COOKIE } from '@shop/contracts/forms';

const SHOP = 'http://localhost:3000';

/** A browser's form post: the form's encoding, the shop's Origin, and the cookies it holds. */
class FormBrowser {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  cookieHeader = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SHOP, 'sec-fetch-site': 'same-origin', cookie: this.cookieHeader(), ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    this.keep(response);
    return response;
  }
  async get(path: string) {
    const response = await fetch(`${this.base}${path}`, { headers: { cookie: this.cookieHeader(), accept: 'application/json' } });
    this.keep(response);
    return response;
  }
  private keep(response: Response) {
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(set) || value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
}

const notice = (browser: FormBrowser) => {
  const value = browser.cookies.get(NOTICE_COOKIE);
  return value ? (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { kind: string; text: string }) : undefined;
};

describe('form posts to a page (decision 026), against the real cart-service', () => {
  let service: Awaited<ReturnType<typeof startCartService>>;
  let shell: ShellFixture;

  beforeAll(async () => {
    service = await startCartService();
    shell = await startShell({ cartServiceUrl: service.url });
  }, 60_000);

  afterAll(async () => {
    await shell?.close();
    await service?.stop();
  });

  it('answers a cart form posted in the background (the head script, before hydration) with JSON, and leaves no notice for a next page', async () => {
    const browser = new FormBrowser(shell.url);
    const json = { accept: 'application/json' };
    const added = await browser.post('/shop/face', { _form: 'cart-add', productId: 'sv-001', quantity: '1' }, json);
    expect(added.status).toBe(200);
    expect(added.headers.get('cache-control')).toBe('no-store');
    const cart = (await (await browser.get('/api/cart')).json()) as { cart: { productId: string; name: string; quantity: number }[] };
    // With the figure the cart's badge shows now, which the head script writes before the cart's part runs.
    expect(await added.json()).toEqual({ notice: { kind: 'success', text: CART_NOTICES.added(cart.cart[0]!.name, 1) }, cartLines: 1 });
    const second = await browser.post('/shop/face', { _form: 'cart-add', productId: 'sv-002', quantity: '3' }, json);
    expect(((await second.json()) as { cartLines: number }).cartLines).toBe(2);
    expect(notice(browser)).toBeUndefined();
    // A refusal is the API's error envelope with its code and French message; nothing changed.
    const refused = await browser.post('/shop/cart', { _form: 'cart-update', productId: 'sv-001', quantity: 'beaucoup' }, json);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
    expect(((await (await browser.get('/api/cart')).json()) as { cart: { quantity: number }[] }).cart[0]!.quantity).toBe(1);
    // Other forms lead to a page of their own: JSON is not theirs.
    const tracking = await browser.post('/order-tracking', { _form: 'order-tracking', orderNumber: 'x', phone: 'y' }, json);
    expect(tracking.headers.get('content-type')).not.toMatch(/json/);
  });

  it('adds to the cart as the shopper, then redirects (303) back to the page with the spec’s notice', async () => {
    const browser = new FormBrowser(shell.url);
    const added = await browser.post('/shop/face?tri=prix', { _form: 'cart-add', productId: 'sv-001', quantity: '2' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/shop/face?tri=prix');
    expect(added.headers.get('cache-control')).toBe('no-store');
    const cart = (await (await browser.get('/api/cart')).json()) as { cart: { productId: string; name: string; quantity: number }[] };
    expect(cart.cart).toEqual([expect.objectContaining({ productId: 'sv-001', quantity: 2 })]);
    expect(notice(browser)).toEqual({ kind: 'success', text: CART_NOTICES.added(cart.cart[0]!.name, 2) });

    // The next page takes the notice once: the cookie is cleared, and that page is the shopper's alone.
    const next = await fetch(`${shell.url}/shop/face?tri=prix`, { headers: { cookie: browser.cookieHeader() } });
    expect(next.headers.get('cache-control')).toBe('private, no-store');
    expect(next.headers.getSetCookie().some((set) => set.startsWith(`${NOTICE_COOKIE}=;`))).toBe(true);

    expect((await browser.post('/shop/cart', { _form: 'cart-update', productId: 'sv-001', quantity: '5' })).headers.get('location')).toBe('/shop/cart');
    expect(notice(browser)?.text).toBe(CART_NOTICES.quantityUpdated);
    expect((await browser.post('/shop/cart', { _form: 'cart-remove', productId: 'sv-001' })).status).toBe(303);
    expect(notice(browser)?.text).toBe(CART_NOTICES.itemRemoved);
    expect(((await (await browser.get('/api/cart')).json()) as { cart: unknown[] }).cart).toEqual([]);
  });

  it('places one order for a double submit of the checkout, and leads to its confirmation', async () => {
    const browser = new FormBrowser(shell.url);
    await browser.post('/shop/face', { _form: 'cart-add', productId: 'sv-001', quantity: '1' });
    const details = { _form: 'checkout', idempotencyKey: 'checkout-key-0001', fullName: 'Salma Benali', phone: '06 12 34 56 78', city: 'Rabat', address: '12 rue des Orangers, Agdal', note: '' };
    const before = browser.cookieHeader();
    const [first, second] = await Promise.all([browser.post('/shop/checkout', details), browser.post('/shop/checkout', details, { cookie: before })]);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/^\/shop\/order\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    // The session rotated with the order, as with the API: the browser holds the new one, which reads the order.
    const order = await browser.get(`/api/orders/${first.headers.get('location')!.split('/').pop()}`);
    expect(order.status).toBe(200);
  });

  it('renders the page again (422) for a refused order, and 503 when the service does not answer', async () => {
    const browser = new FormBrowser(shell.url);
    await browser.post('/shop/face', { _form: 'cart-add', productId: 'sv-001' });
    const refused = await browser.post('/shop/checkout', { _form: 'checkout', idempotencyKey: 'checkout-key-0002', fullName: 'Salma', phone: '12', city: 'Rabat', address: '12 rue des Orangers' });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a post another site’s page sent, before reading it', async () => {
    const browser = new FormBrowser(shell.url);
    for (const headers of [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const response = await browser.post('/shop/face', { _form: 'cart-add', productId: 'sv-001' }, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'forbidden_origin', message: FORM_MESSAGES.foreign } });
    }
    expect(((await (await browser.get('/api/cart')).json()) as { cart: unknown[] }).cart).toEqual([]);
  });

  it('answers 413 over the size limit, 415 for another encoding, 400 for an unknown form, never a 500', async () => {
    const browser = new FormBrowser(shell.url);
    const large = await browser.post('/contact', { _form: 'contact', message: 'x'.repeat(MAX_FORM_BODY_BYTES + 1) });
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    const json = await browser.post('/contact', {}, { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    for (const form of ['', 'admin', '__proto__']) {
      const unknown = await browser.post('/contact', { _form: form });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ error: { code: 'validation_failed', message: FORM_MESSAGES.unknownForm } });
    }
  });

  it('gives malformed fields the API’s French refusals as a page (422), never a 500', async () => {
    const browser = new FormBrowser(shell.url);
    for (const [path, fields] of [
      ['/shop/face', { _form: 'cart-add', productId: 'sv-001', quantity: 'beaucoup' }],
      ['/shop/face', { _form: 'cart-add', productId: '<script>', quantity: '1' }],
      ['/shop/cart', { _form: 'cart-update', productId: 'sv-001', quantity: '-3' }],
      ['/order-tracking', { _form: 'order-tracking', number: '??', phone: 'abc' }],
      ['/contact', { _form: 'contact', name: '', email: 'x', subject: 'nope', message: 'court' }],
      ['/', { _form: 'newsletter', email: 'pas-une-adresse' }],
      ['/shop/product/huile-argan', { _form: 'restock-alert', productId: 'sv-001', email: '' }],
    ] as const) {
      const response = await browser.post(path, fields);
      expect([422, 404], `${path} ${fields._form}`).toContain(response.status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('says when to try again when the service limits look-ups (429 with its Retry-After), with the values kept', async () => {
    const browser = new FormBrowser(shell.url);
    let response: Response | undefined;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      response = await browser.post('/order-tracking', { _form: 'order-tracking', number: 'K7M2-Q9XP', phone: '0612345678' });
      if (response.status !== 422) break;
    }
    expect(response!.status).toBe(429);
    expect(Number(response!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('passes on what is not a form post to a page: a POST elsewhere is 405', async () => {
    const response = await fetch(`${shell.url}/sitemap-nope`, { method: 'POST', headers: { origin: SHOP } });
    expect(response.status).toBe(405);
  });
});
