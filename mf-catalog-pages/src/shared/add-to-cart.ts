import { showToast } from '@shop/contracts/toast';
import { CART_NOTICES, type AddToCartBody, type CartResponse } from '@shop/contracts/cart';
import { announceCartChanged } from '@shop/contracts/events';
import { HttpError, postJson } from './api';

/** `out-of-stock`: the service refused because fewer units are left than asked; the stock shown was stale. */
export type AddToCartOutcome = 'added' | 'out-of-stock' | 'failed';

/** Adds through the API, then announces the change so the header's cart revalidates without a reload (after a failure too). */
export async function addToCart(apiBase: string, productName: string, body: AddToCartBody): Promise<AddToCartOutcome> {
  try {
    await postJson<CartResponse>(`${apiBase}/api/cart/add`, body);
    announceCartChanged();
    showToast('success', CART_NOTICES.added(productName, body.quantity ?? 1));
    return 'added';
  } catch (error) {
    if (error instanceof HttpError && error.code === 'out_of_stock') {
      // A definite refusal (nothing was written), whose French message already names the product: shown as it is.
      showToast('error', error.message);
      return 'out-of-stock';
    }
    showToast('error', `Impossible d’ajouter ${productName} au panier : ${(error as Error).message}`);
    // The answer may have been lost after the change was made (a 504 from the shop, a dropped connection): never assume
    // nothing changed, have the cart read what the server holds.
    announceCartChanged();
    return 'failed';
  }
}
