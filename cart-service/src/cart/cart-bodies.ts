import { z } from 'zod';
import { QUANTITY_LIMITS } from '@shop/contracts/cart';
import { messages } from '../http/api-error';

/** Quantities within QUANTITY_LIMITS (contracts, cart.ts); `add` refuses (400) a total above the cap. */
export const MIN_QUANTITY = QUANTITY_LIMITS.min;
export const MAX_QUANTITY = QUANTITY_LIMITS.max;

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
