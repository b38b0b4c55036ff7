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

export const defaultProductOptions: ProductLayoutOptions = { gallery: 'thumbs-bottom', info: 'tabs', arrangement: 'side-by-side' };
