// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from './add-to-cart';

vi.mock('../toasts/show-toast', () => ({ showToast: vi.fn() }));

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('addToCart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a lost answer (504 from the shop)', answer(504, { error: { code: 'upstream_timeout', message: 'La boutique n’a pas répondu à temps.' } })],
    ['a dropped connection', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('has the cart read the server again after %s, since the product may have been added', async (_name, fetchMock) => {
    vi.stubGlobal('fetch', fetchMock);
    const changed = vi.fn();
    window.addEventListener('cart:changed', changed);
    try {
      expect(await addToCart('', 'Crème', { productId: 'sv-001' })).toBe(false);
      expect(changed).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('cart:changed', changed);
    }
  });

  it('announces a successful add once', async () => {
    vi.stubGlobal('fetch', answer(200, { cart: [] }));
    const changed = vi.fn();
    window.addEventListener('cart:changed', changed);
    try {
      expect(await addToCart('', 'Crème', { productId: 'sv-001' })).toBe(true);
      expect(changed).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('cart:changed', changed);
    }
  });
});
