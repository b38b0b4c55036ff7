import type { MessageId } from '../shared/page-text';

/**
 * Suggestions for the city field (a datalist), in the page's language: any other city can be typed. In French's
 * alphabetical order; a city is kept as the shopper wrote it, in either language.
 */
export const moroccanCities: readonly MessageId[] = [
  'checkout.city.agadir',
  'checkout.city.casablanca',
  'checkout.city.elJadida',
  'checkout.city.essaouira',
  'checkout.city.fes',
  'checkout.city.kenitra',
  'checkout.city.laayoune',
  'checkout.city.marrakech',
  'checkout.city.meknes',
  'checkout.city.mohammedia',
  'checkout.city.nador',
  'checkout.city.oujda',
  'checkout.city.rabat',
  'checkout.city.safi',
  'checkout.city.sale',
  'checkout.city.tanger',
  'checkout.city.temara',
  'checkout.city.tetouan',
];
