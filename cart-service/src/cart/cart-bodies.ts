import { z } from 'zod';
import { messages } from '../http/api-error';

/**
 * Quantities: the spec sets a minimum of 1 and no maximum; the shop caps a line at 99 (QuantityLimits in the
 * contracts) so a typo or a script cannot put 1e9 items in a cart. `add` refuses (400) a total above the cap.
 */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

const productId = z.string().min(1).max(64);

export function cartBodies(maxQuantity: number) {
  const quantity = z.number().int().min(MIN_QUANTITY).max(maxQuantity);
  return {
    add: z.strictObject({ productId, quantity: quantity.optional() }),
    update: z.strictObject({ productId, quantity }),
    remove: z.strictObject({ productId }),
    fieldMessages: {
      productId: messages.productIdInvalid,
      quantity: messages.quantity(MIN_QUANTITY, maxQuantity),
    },
  };
}
