import type { ShopLocale } from '@shop/contracts/locales';

// The shop, its call centre and its couriers work on Moroccan time: a date reads the same on the phone and on screen.
// Arabic pages write Western digits, as Moroccan shops do (decision 036).
const dateTimes: Readonly<Record<ShopLocale, Intl.DateTimeFormat>> = {
  'fr-MA': new Intl.DateTimeFormat('fr-MA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Casablanca' }),
  'ar-MA': new Intl.DateTimeFormat('ar-MA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Casablanca', numberingSystem: 'latn' }),
};

/**
 * Bidirectional marks some ICU versions put in an Arabic date (U+200E, U+200F, U+061C): the server's Node and the
 * shopper's browser must write the same text (contracts' money.ts strips them from prices likewise).
 */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/** An order's ISO 8601 date for shoppers in `locale`: "12 juin 2025 à 14:05", "12 يونيو 2025 في 14:05". */
export function formatOrderDate(iso: string, locale: ShopLocale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimes[locale].format(date).replace(BIDI_MARKS, '');
}
