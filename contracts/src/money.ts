const mad = new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' });

/** Prices in MAD, formatted for French-speaking Morocco (spec: currency MAD), the same in every remote. */
export function formatPrice(amount: number): string {
  return mad.format(amount);
}

/** Discount in whole percent from an old price to the current one (e.g. 200 → 150 is 25). */
export function discountPercent(price: number, oldPrice: number): number {
  return Math.round((1 - price / oldPrice) * 100);
}
