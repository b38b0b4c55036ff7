import type { CartItem } from '@shop/contracts/cart';

/** Sum of price × quantity over the lines; no fee, tax or shipping (spec, section 9). Rounded to the centime. */
export function cartTotal(items: readonly CartItem[]): number {
  const centimes = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return centimes / 100;
}
