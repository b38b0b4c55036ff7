import { showToast } from '@shop/contracts/toast';
import type { AddToCartBody, CartResponse } from '@shop/contracts/cart';
import { inLanguage } from '@shop/contracts/data-keys';
import { announceCartChanged } from '@shop/contracts/events';
import { HttpError, postJson } from './api';
import { errorText } from './failure-text';
import type { PageText } from './page-text';

/** `out-of-stock`: the service refused because fewer units are left than asked; the stock shown was stale. */
export type AddToCartOutcome = 'added' | 'out-of-stock' | 'failed';

/**
 * Adds through the API, then announces the change so the header's cart revalidates without a reload (after a failure
 * too). The toasts are in the page's language, and so is the service's refusal: it is asked in that language.
 */
export async function addToCart(
  apiBase: string,
  productName: string,
  body: AddToCartBody,
  { t, locale }: Pick<PageText, 't' | 'locale'>,
): Promise<AddToCartOutcome> {
  try {
    await postJson<CartResponse>(inLanguage(`${apiBase}/api/cart/add`, locale), body);
    announceCartChanged();
    // One toast per product, the latest add's: taps in a row replace it rather than pile up over the page.
    showToast('success', t('shared.cart.added', { name: productName, quantity: body.quantity ?? 1 }), { toastId: `cart-added:${body.productId}` });
    return 'added';
  } catch (error) {
    if (error instanceof HttpError && error.code === 'out_of_stock') {
      // A definite refusal (nothing was written), whose message already names the product: shown as it is.
      showToast('error', error.message);
      return 'out-of-stock';
    }
    showToast('error', t('shared.cart.addFailed', { name: productName, reason: errorText(error, t) }));
    // The answer may have been lost after the change was made (a 504 from the shop, a dropped connection): never assume
    // nothing changed, have the cart read what the server holds.
    announceCartChanged();
    return 'failed';
  }
}
