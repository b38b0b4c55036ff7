import { QUANTITY_LIMITS, type CartItem } from '@shop/contracts/cart';

/** Quantities the shopper has chosen that the server has not confirmed yet, by product id. */
export type PendingQuantities = Readonly<Record<string, number>>;

/** The cart as the shopper should see it: the server's lines with pending quantities laid over them. */
export function withPendingQuantities(items: readonly CartItem[], pending: PendingQuantities): CartItem[] {
  return items.map((item) => {
    const quantity = pending[item.productId];
    return quantity === undefined ? item : { ...item, quantity };
  });
}

/** The next quantity for a plus or minus click; minus never goes below the minimum, plus has no client cap. */
export function stepQuantity(current: number, step: 1 | -1): number {
  return Math.max(QUANTITY_LIMITS.min, current + step);
}

export function withoutPending(pending: PendingQuantities, productId: string): PendingQuantities {
  if (!(productId in pending)) return pending;
  const { [productId]: _removed, ...rest } = pending;
  return rest;
}
