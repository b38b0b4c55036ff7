import type { CartResponse } from '@shop/contracts/cart';

export const CART_FETCH_ERROR = 'Failed to fetch cart';

/** GET /api/cart; any failure raises the spec's message. */
export async function fetchCart(url: string): Promise<CartResponse> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(CART_FETCH_ERROR);
  const body = (await response.json()) as CartResponse;
  if (!Array.isArray(body.cart)) throw new Error(CART_FETCH_ERROR);
  return body;
}
