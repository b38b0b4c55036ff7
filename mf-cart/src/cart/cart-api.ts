import type { CartResponse, RemoveFromCartBody, UpdateCartBody } from '@shop/contracts/cart';

// The spec's messages (section 8), exactly.
export const CART_FETCH_ERROR = 'Failed to fetch cart';
export const REMOVE_ERROR = 'Failed to remove item.';
export const UPDATE_ERROR = 'Failed to update quantity.';

/** GET /api/cart; any failure raises the spec's message. */
export async function fetchCart(url: string): Promise<CartResponse> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(CART_FETCH_ERROR);
  const body = (await response.json()) as CartResponse;
  if (!Array.isArray(body.cart)) throw new Error(CART_FETCH_ERROR);
  return body;
}

async function post(url: string, body: UpdateCartBody | RemoveFromCartBody, errorMessage: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(errorMessage);
}

/** POST /api/cart/update with the new absolute quantity. */
export function updateQuantity(apiBase: string, body: UpdateCartBody): Promise<void> {
  return post(`${apiBase}/api/cart/update`, body, UPDATE_ERROR);
}

/** POST /api/cart/remove. */
export function removeItem(apiBase: string, body: RemoveFromCartBody): Promise<void> {
  return post(`${apiBase}/api/cart/remove`, body, REMOVE_ERROR);
}
