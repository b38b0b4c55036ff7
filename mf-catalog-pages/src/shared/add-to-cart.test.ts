// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShopLocale } from '@shop/contracts/locales';
import { showToast } from '@shop/contracts/toast';
import { addToCart } from './add-to-cart';
import type { AddToCartOutcome } from './add-to-cart';
import { pageText } from './messages-test-kit';
import type { PageText } from './page-text';

vi.mock('@shop/contracts/toast', () => ({ showToast: vi.fn() }));

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const texts = {} as Record<ShopLocale, PageText>;
beforeAll(async () => {
  texts['fr-MA'] = await pageText('fr-MA');
  texts['ar-MA'] = await pageText('ar-MA');
});

/** What addToCart returns with this fetch, and how many times it announced a cart change. */
async function addWith(
  fetchMock: typeof fetch,
  locale: ShopLocale = 'fr-MA',
  name = 'Crème',
): Promise<{ outcome: AddToCartOutcome; announced: number }> {
  vi.stubGlobal('fetch', fetchMock);
  const changed = vi.fn();
  window.addEventListener('cart:changed', changed);
  try {
    const outcome = await addToCart('', name, { productId: 'sv-001' }, texts[locale]);
    return { outcome, announced: changed.mock.calls.length };
  } finally {
    window.removeEventListener('cart:changed', changed);
  }
}

const OUT_OF_STOCK = '« Henné naturel du Sud » est en rupture de stock : il n’en reste pas assez pour votre panier.';

describe('addToCart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(showToast).mockClear();
  });

  it.each([
    ['a lost answer (504 from the shop)', answer(504, { error: { code: 'upstream_timeout', message: 'La boutique n’a pas répondu à temps.' } })],
    ['a dropped connection', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('has the cart read the server again after %s, since the product may have been added', async (_name, fetchMock) => {
    expect(await addWith(fetchMock)).toEqual({ outcome: 'failed', announced: 1 });
    expect(vi.mocked(showToast).mock.calls[0]?.[1]).toMatch(/^Impossible d’ajouter Crème au panier : /);
  });

  it('says in French what a dropped connection means', async () => {
    await addWith(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(vi.mocked(showToast).mock.calls).toEqual([
      ['error', 'Impossible d’ajouter Crème au panier : le service est injoignable, vérifiez votre connexion puis réessayez.'],
    ]);
  });

  it('announces a successful add once', async () => {
    expect(await addWith(answer(200, { cart: [] }))).toEqual({ outcome: 'added', announced: 1 });
    expect(vi.mocked(showToast).mock.calls).toEqual([['success', 'Crème a été ajouté au panier.', { toastId: 'cart-added:sv-001' }]]);
  });

  it('says how many were added when more than one', async () => {
    vi.stubGlobal('fetch', answer(200, { cart: [] }));
    await addToCart('', 'Crème', { productId: 'sv-001', quantity: 3 }, texts['fr-MA']);
    expect(vi.mocked(showToast).mock.calls).toEqual([['success', 'Crème (× 3) a été ajouté au panier.', { toastId: 'cart-added:sv-001' }]]);
  });

  it('on an Arabic page, asks the service in Arabic and says it in Arabic', async () => {
    const fetchMock = answer(200, { cart: [] });
    expect(await addWith(fetchMock, 'ar-MA', 'كريم مرطّب بالأركان')).toEqual({ outcome: 'added', announced: 1 });
    expect(String((fetchMock.mock.calls as unknown[][])[0]?.[0])).toBe('/api/cart/add?lang=ar-MA');
    expect(vi.mocked(showToast).mock.calls).toEqual([['success', 'تمت إضافة كريم مرطّب بالأركان إلى السلة.', { toastId: 'cart-added:sv-001' }]]);
    vi.mocked(showToast).mockClear();
    await addWith(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))), 'ar-MA', 'كريم');
    expect(vi.mocked(showToast).mock.calls).toEqual([
      ['error', 'تعذّرت إضافة كريم إلى السلة: الخدمة غير متاحة، تحقّق من اتصالك ثم أعد المحاولة.'],
    ]);
  });

  it('shows the service’s own message when too few are left, and says so to its caller', async () => {
    expect(await addWith(answer(409, { error: { code: 'out_of_stock', message: OUT_OF_STOCK } }))).toEqual({
      outcome: 'out-of-stock',
      announced: 0, // a refusal: nothing was written, the cart has not changed
    });
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', OUT_OF_STOCK]]);
  });

  it('keeps the generic failure for another refusal', async () => {
    const unknown = answer(404, { error: { code: 'product_not_found', message: 'Ce produit n’existe pas.' } });
    expect((await addWith(unknown)).outcome).toBe('failed');
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', 'Impossible d’ajouter Crème au panier : Ce produit n’existe pas.']]);
  });
});
