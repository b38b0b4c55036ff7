// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from './add-to-cart';

vi.mock('../toasts/show-toast', () => ({ showToast: vi.fn() }));

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** What addToCart returns with this fetch, and how many times it announced a cart change. */
async function addWith(fetchMock: typeof fetch): Promise<{ added: boolean; announced: number }> {
  vi.stubGlobal('fetch', fetchMock);
  const changed = vi.fn();
  window.addEventListener('cart:changed', changed);
  try {
    const added = await addToCart('', 'Crème', { productId: 'sv-001' });
    return { added, announced: changed.mock.calls.length };
  } finally {
    window.removeEventListener('cart:changed', changed);
  }
}

describe('addToCart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a lost answer (504 from the shop)', answer(504, { error: { code: 'upstream_timeout', message: 'La boutique n’a pas répondu à temps.' } })],
    ['a dropped connection', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('has the cart read the server again after %s, since the product may have been added', async (_name, fetchMock) => {
    expect(await addWith(fetchMock)).toEqual({ added: false, announced: 1 });
  });

  it('announces a successful add once', async () => {
    expect(await addWith(answer(200, { cart: [] }))).toEqual({ added: true, announced: 1 });
  });
});
