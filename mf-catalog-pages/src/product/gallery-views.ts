import type { PictureSources } from '@shop/contracts/photos';
import type { MessageId, PageText } from '../shared/page-text';

export interface GalleryView {
  src: string;
  /** The image's renditions (the product's `pictures`). */
  picture?: PictureSources | undefined;
  alt: string;
  /** Close-ups are the same picture enlarged: the catalogue has one image per product for now. */
  zoom: number;
}

const CLOSE_UPS: readonly { label: MessageId; zoom: number }[] = [
  { label: 'product.gallery.closeUp', zoom: 1.5 },
  { label: 'product.gallery.bigCloseUp', zoom: 2.2 },
  { label: 'product.gallery.detail', zoom: 3 },
];

/**
 * The gallery's views: every catalogue image, then close-ups of the first one until the layout has the number of
 * views it is built for. When the catalogue gets more photos, they simply replace the close-ups. Their alt texts name
 * the product (in the page's language, as the catalogue gave it) in the page's words.
 */
export function galleryViews(
  images: readonly string[],
  name: string,
  wanted: number,
  apiBase: string,
  t: PageText['t'],
  alts: readonly string[] = [],
  pictures: readonly PictureSources[] = [],
): GalleryView[] {
  const views: GalleryView[] = images.map((src, i) => ({
    src: `${apiBase}${src}`,
    picture: pictures[i],
    // A photo's own text, as the merchandiser wrote it in the page's language; a drawing's names the product.
    alt: alts[i] || (i === 0 ? name : t('product.gallery.photo', { name, number: i + 1 })),
    zoom: 1,
  }));
  const first = images[0] ?? '/images/placeholder.svg';
  if (views.length === 0) views.push({ src: `${apiBase}${first}`, alt: name, zoom: 1 });
  for (const closeUp of CLOSE_UPS) {
    if (views.length >= wanted) break;
    views.push({ src: `${apiBase}${first}`, picture: pictures[0], alt: t(closeUp.label, { name }), zoom: closeUp.zoom });
  }
  return views;
}
