const mad = new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' });

/** Prices in MAD, formatted for French-speaking Morocco (spec: currency MAD). */
export function formatPrice(amount: number): string {
  return mad.format(amount);
}
