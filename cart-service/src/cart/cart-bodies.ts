import { z } from 'zod';
import { QUANTITY_LIMITS } from '@shop/contracts/cart';
import { messagesIn } from '../http/api-error';
import { perLocale } from '../http/language';
import type { BodyRefusals } from '../http/validate-body';

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
    /** What each field's refusal says, in each shop language. */
    refusals: perLocale(
      (locale): BodyRefusals => ({
        locale,
        fields: { productId: messagesIn[locale].productIdInvalid, quantity: messagesIn[locale].quantity(MIN_QUANTITY, maxQuantity) },
      }),
    ),
  };
}
