import { QUANTITY_LIMITS } from '@shop/contracts/cart';
import type { Availability } from '@shop/contracts/products';

const MAX_QUANTITY = QUANTITY_LIMITS.max;

/**
 * How many of a format (`units` cart units each) can be put in the cart now: none when out of stock, at most what is
 * left when stock is low, else the line cap. A duo with one unit left gives 0: that format cannot be chosen.
 */
export function maxFormatQuantity(availability: Availability, units: number): number {
  if (availability.status === 'out-of-stock') return 0;
  const cap = availability.status === 'low-stock' ? Math.min(availability.left, MAX_QUANTITY) : MAX_QUANTITY;
  return Math.floor(cap / units);
}
