import type { DeliveryDetails } from '@shop/contracts/orders';
import { checkDelivery, DELIVERY_MAX_LENGTHS, type DeliveryErrors } from '@shop/contracts/delivery';

/**
 * The checkout form checks the rules cart-service applies (contracts/src/delivery.ts, bundled into this remote), with
 * the same French texts, before it sends anything.
 */
export { cleanText, deliveryMessages, normalizeMoroccanPhone, type DeliveryErrors } from '@shop/contracts/delivery';

/** Longest values the service accepts; the form's fields stop there. */
export const deliveryMaxLengths = DELIVERY_MAX_LENGTHS;

export function validateDelivery(values: DeliveryDetails): DeliveryErrors {
  return checkDelivery(values).errors;
}
