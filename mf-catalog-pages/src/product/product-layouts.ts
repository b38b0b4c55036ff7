import type { ProductLayout } from '@shop/contracts/exposes';

export type GalleryStyle = 'single' | 'thumbs-left' | 'thumbs-bottom' | 'double' | 'grid' | 'stack';
export type InfoStyle = 'tabs' | 'accordion' | 'sections';

/** Options of the one product component; each template layout is a set of options, not a copy. */
export interface ProductLayoutOptions {
  gallery: GalleryStyle;
  info: InfoStyle;
  /** `stacked`: the gallery above the details (the "vertical" layout). */
  arrangement: 'side-by-side' | 'stacked';
  /** The gallery takes more of the width. */
  wideGallery?: boolean;
  /** The details stay in view while the images scroll by. */
  stickySummary?: boolean;
  countdown?: boolean;
  formats?: boolean;
  routineDialog?: boolean;
  quickView?: boolean;
}

/** Which catalogue product a featured layout shows (see featured-product.ts). */
export type FeaturedPick = 'promotion' | 'out-of-stock' | 'low-stock';

export interface FeaturedLayoutConfig {
  pick: FeaturedPick;
  options: ProductLayoutOptions;
}

export const defaultProductOptions: ProductLayoutOptions = { gallery: 'thumbs-bottom', info: 'tabs', arrangement: 'side-by-side' };

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
