import type { ProductLayout } from '@shop/contracts/exposes';
import { defaultProductOptions, type ProductLayoutOptions } from './product-layouts';

/**
 * The featured product pages' layouts. Apart from product-layouts.ts: a product page needs only the default options,
 * and a module shared by both pages would bring this table to every product page (decision 028).
 */
/** Which catalogue product a featured layout shows (see featured-product.ts). */
export type FeaturedPick = 'promotion' | 'out-of-stock' | 'low-stock';

export interface FeaturedLayoutConfig {
  pick: FeaturedPick;
  options: ProductLayoutOptions;
}

const base = defaultProductOptions;

export const featuredLayouts: Record<ProductLayout, FeaturedLayoutConfig> = {
  'quick-view': { pick: 'promotion', options: { ...base, gallery: 'single', quickView: true } },
  'double-image': { pick: 'promotion', options: { ...base, gallery: 'double' } },
  'video-popup': { pick: 'promotion', options: { ...base, routineDialog: true } },
  countdown: { pick: 'promotion', options: { ...base, countdown: true } },
  'size-variation': { pick: 'promotion', options: { ...base, formats: true } },
  'notify-me': { pick: 'out-of-stock', options: { ...base, gallery: 'single' } },
  'low-stock-notice': { pick: 'low-stock', options: base },
  'out-of-stock': { pick: 'out-of-stock', options: base },
  default: { pick: 'promotion', options: base },
  accordion: { pick: 'promotion', options: { ...base, info: 'accordion' } },
  vertical: { pick: 'promotion', options: { ...base, arrangement: 'stacked' } },
  'full-content': { pick: 'promotion', options: { ...base, info: 'sections' } },
  'thumb-left': { pick: 'promotion', options: { ...base, gallery: 'thumbs-left' } },
  'thumb-bottom': { pick: 'promotion', options: { ...base, gallery: 'thumbs-bottom' } },
  'full-width': { pick: 'promotion', options: { ...base, wideGallery: true, info: 'sections' } },
  'scroll-1-column': { pick: 'promotion', options: { ...base, gallery: 'stack', stickySummary: true } },
  'gallery-grid': { pick: 'promotion', options: { ...base, gallery: 'grid' } },
};
