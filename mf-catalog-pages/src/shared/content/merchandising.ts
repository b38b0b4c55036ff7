import type { MessageId } from '../page-text';

/**
 * Merchandising facts the catalogue API does not carry (promotion end, formats). Kept as data in one file so every
 * page (cards, product pages, featured layouts) tells the same story. Availability is not here: it comes with each
 * product from cart-service (`Product.availability`), computed from the real stock.
 */

/** End of the current promotion on products with an old price: the countdown counts to it. */
export const promotionEndsAt = '2026-12-31T23:59:59+01:00';

/** A format multiplies the quantity: the cart holds units, so a "duo" is two units at the unit price. */
export interface ProductFormat {
  id: string;
  /** Its name, a message. */
  label: MessageId;
  units: number;
}

export const formats: readonly ProductFormat[] = [
  { id: 'unite', label: 'shared.format.unit', units: 1 },
  { id: 'duo', label: 'shared.format.duo', units: 2 },
  { id: 'trio', label: 'shared.format.trio', units: 3 },
];
