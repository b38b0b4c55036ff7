import type { BlogLayout } from '@shop/contracts/exposes';
import type { ShopLocale } from '@shop/contracts/locales';

export interface BlogLayoutConfig {
  arrangement: 'grid' | 'masonry' | 'standard' | 'details';
  sidebar?: 'left' | 'right';
}

export const blogLayouts: Record<BlogLayout, BlogLayoutConfig> = {
  grid: { arrangement: 'grid' },
  masonry: { arrangement: 'masonry' },
  'grid-right-sidebar': { arrangement: 'grid', sidebar: 'right' },
  'grid-left-sidebar': { arrangement: 'grid', sidebar: 'left' },
  'standard-right-sidebar': { arrangement: 'standard', sidebar: 'right' },
  'standard-left-sidebar': { arrangement: 'standard', sidebar: 'left' },
  details: { arrangement: 'details', sidebar: 'right' },
};

// Arabic pages write Western digits, as Moroccan shops do (decision 036).
const dateFormats: Readonly<Record<ShopLocale, Intl.DateTimeFormat>> = {
  'fr-MA': new Intl.DateTimeFormat('fr-MA', { dateStyle: 'long', timeZone: 'Africa/Casablanca' }),
  'ar-MA': new Intl.DateTimeFormat('ar-MA', { dateStyle: 'long', timeZone: 'Africa/Casablanca', numberingSystem: 'latn' }),
};

/**
 * Bidirectional marks some ICU versions put in an Arabic date (U+200E, U+200F, U+061C): the server's Node and the
 * shopper's browser must write the same text or the page fails to hydrate (contracts' money.ts strips them likewise).
 */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/** A publication date in the page's language: "28 octobre 2026", "28 أكتوبر 2026". */
export function formatArticleDate(isoDate: string, locale: ShopLocale): string {
  return dateFormats[locale].format(new Date(`${isoDate}T12:00:00Z`)).replace(BIDI_MARKS, '');
}
