// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { CartResponse } from '@shop/contracts/cart';
import useSWR from 'swr';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, jsonResponse, placedOrder } from '../shared/order-fixtures';
import { HttpError } from '../shared/api';
import { currentPath, fetchMock, fillValid, renderForm, sentKey, stubFetchPerTest, submit } from './delivery-form-test-kit';
import { deliveryMessages } from '@shop/contracts/delivery';
import { CART_CHANGED_EVENT } from '@shop/contracts/events';
import { isDefiniteRefusal } from './order-outcome';

stubFetchPerTest();

const OUT_OF_STOCK = '« Henné naturel du Sud » est en rupture de stock : retirez-le de votre panier pour valider la commande.';
const KEY_REUSED = 'Cette commande a déjà été envoyée avec d’autres coordonnées : vérifiez-les puis confirmez à nouveau.';

/** What a failed order answers, and the order placed by the attempt after it. */
function answers(...failures: (Response | Error)[]) {
  for (const failure of failures) {
    if (failure instanceof Error) fetchMock.mockRejectedValueOnce(failure);
    else fetchMock.mockResolvedValueOnce(failure);
  }
  fetchMock.mockResolvedValueOnce(jsonResponse({ order: placedOrder }, 201));
}

/** Submits once per failure and once more; resolves when the last one placed the order. */
async function submitUntilPlaced(failures: number) {
  fillValid();
  for (let n = 0; n < failures; n += 1) {
    submit();
    await screen.findByRole('alert');
  }
  submit();
  await waitFor(() => expect(currentPath()).toBe('/shop/order/K7M2-Q9XP'));
}

describe('DeliveryForm: which answers keep the Idempotency-Key', () => {
  it.each([
    ['no answer at all', new TypeError('Failed to fetch')],
    ['a 502 page from the proxy', new Response('<h1>Bad gateway</h1>', { status: 502 })],
    ['503 unavailable', apiError(503, 'unavailable', 'Le service est momentanément indisponible.')],
    ['504 upstream_timeout', apiError(504, 'upstream_timeout', 'La boutique n’a pas reçu la réponse à temps.')],
    ['408', new Response('', { status: 408 })],
  ])('after %s the outcome is unknown: the retry sends the same key, so it replays', async (_name, failure) => {
    answers(failure);
    await renderForm();
    await submitUntilPlaced(1);
    expect(sentKey(1)).toBe(sentKey(0));
  });

  it.each([
    ['409 out_of_stock', apiError(409, 'out_of_stock', OUT_OF_STOCK)],
    ['409 cart_empty', apiError(409, 'cart_empty', 'Votre panier est vide : ajoutez des produits avant de commander.')],
    ['422 idempotency_key_reused', apiError(422, 'idempotency_key_reused', KEY_REUSED)],
    ['400 validation_failed with fields', apiError(400, 'validation_failed', 'Corrigez les champs.', { note: deliveryMessages.noteTooLong })],
    ['429 too_many_attempts', apiError(429, 'too_many_attempts', 'Trop de tentatives : réessayez dans une minute.')],
  ])('after %s nothing was written: the next attempt sends a new key', async (_name, failure) => {
    answers(failure);
    await renderForm();
    await submitUntilPlaced(1);
    expect(sentKey(1)).not.toBe(sentKey(0));
  });

  it('keeps the key across unknown outcomes, then drops it at the first refusal', async () => {
    answers(new TypeError('Failed to fetch'), apiError(503, 'unavailable', 'Indisponible.'), apiError(409, 'out_of_stock', OUT_OF_STOCK));
    await renderForm();
    await submitUntilPlaced(3);
    expect(sentKey(1)).toBe(sentKey(0));
    expect(sentKey(2)).toBe(sentKey(0));
    expect(sentKey(3)).not.toBe(sentKey(2));
  });

  it('isDefiniteRefusal: a 4xx other than 408 only', () => {
    expect([400, 409, 413, 422, 429].map((s) => isDefiniteRefusal(new HttpError('x', s)))).toEqual([true, true, true, true, true]);
    expect([0, 408, 500, 502, 503, 504].map((s) => isDefiniteRefusal(new HttpError('x', s)))).toEqual([false, false, false, false, false, false]);
    expect(isDefiniteRefusal(new SyntaxError('Unexpected end of JSON input'))).toBe(false);
  });
});

/** Stands for the checkout's cart summary: it reads the cart under the same key as the page and mf-cart. */
function CartSummary() {
  const { data } = useSWR('/api/cart', async (url: string) => ((await (await fetch(url)).json()) as CartResponse));
  return <p data-testid="summary">{data ? data.cart.map((l) => `${l.quantity} × ${l.name}`).join(', ') : 'chargement'}</p>;
}

const cartWith = (quantity: number) =>
  jsonResponse({ cart: [{ productId: 'sh-005', name: 'Henné naturel du Sud', price: 69, quantity, images: [] }] });

const summaryText = () => screen.getByTestId('summary').textContent;

/**
 * Shows the form beside the cart summary (2 units read), submits valid details and returns a spy on the cart changes
 * announced from the first render until the test ends.
 */
async function submitBesideTheCart() {
  const cartChanged = vi.fn();
  window.addEventListener(CART_CHANGED_EVENT, cartChanged);
  onTestFinished(() => window.removeEventListener(CART_CHANGED_EVENT, cartChanged));
  await renderForm(<CartSummary />);
  await waitFor(() => expect(summaryText()).toBe('2 × Henné naturel du Sud'));
  fillValid();
  submit();
  return cartChanged;
}

describe('DeliveryForm: an order refused as out of stock', () => {
  it('shows the service’s message in a focused alert, stays on the checkout and has the cart read again', async () => {
    let cartReads = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return apiError(409, 'out_of_stock', OUT_OF_STOCK);
      cartReads += 1;
      return cartWith(cartReads === 1 ? 2 : 1); // another tab lowered the quantity meanwhile
    });
    const cartChanged = await submitBesideTheCart();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(OUT_OF_STOCK);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await waitFor(() => expect(summaryText()).toBe('1 × Henné naturel du Sud'));
    expect(cartChanged).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/shop/checkout');
    expect((screen.getByLabelText(/Nom complet/) as HTMLInputElement).value).toBe('Aïcha Benani');
  });

  it('does not read the cart again after another refusal', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'POST' ? apiError(422, 'idempotency_key_reused', KEY_REUSED) : cartWith(2),
    );
    const cartChanged = await submitBesideTheCart();
    expect((await screen.findByRole('alert')).textContent).toBe(KEY_REUSED);
    expect(cartChanged).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method !== 'POST')).toHaveLength(1);
  });
});
