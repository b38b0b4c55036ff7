import { DEFAULT_LOCALE, type ShopLocale } from './locales';

/**
 * Prices in MAD, the same in every remote (spec: currency MAD). Arabic pages write Western digits, as Moroccan shops
 * write prices (decision 036).
 */
const FORMAT_OPTIONS: Readonly<Record<ShopLocale, Intl.NumberFormatOptions>> = {
  'fr-MA': { style: 'currency', currency: 'MAD' },
  'ar-MA': { style: 'currency', currency: 'MAD', numberingSystem: 'latn' },
};

/**
 * Each language's format made at its first price, not when a bundle loads: every remote bundles this module, and the
 * first format of a language loads its locale data (tens of milliseconds on a slow phone), which a French page never
 * needs for Arabic.
 */
const formats = new Map<ShopLocale, Intl.NumberFormat>();
function formatOf(locale: ShopLocale): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale, FORMAT_OPTIONS[locale])));
  return format;
}

/**
 * Bidirectional marks ICU adds around an Arabic amount (U+200E, U+200F, U+061C), which differ between ICU versions: the
 * server's Node and the shopper's browser must write the same text, or hydration finds a mismatch. The element a price
 * stands in gets its direction from the page, which is what the marks would have said.
 */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

export function formatPrice(amount: number, locale: ShopLocale = DEFAULT_LOCALE): string {
  const text = formatOf(locale).format(amount);
  return locale === DEFAULT_LOCALE ? text : text.replace(BIDI_MARKS, '');
}

/** Discount in whole percent from an old price to the current one (e.g. 200 → 150 is 25). */
export function discountPercent(price: number, oldPrice: number): number {
  return Math.round((1 - price / oldPrice) * 100);
}
