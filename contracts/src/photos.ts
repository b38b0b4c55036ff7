/**
 * Product photos (issue 61, decision 044): a merchandiser uploads a JPEG, PNG or WebP; cart-service makes its
 * renditions (AVIF, WebP and JPEG at the widths below, and a 1200×630 JPEG for link previews) under a name made from the
 * photo's content, cached for a year. A product's `images` names each photo by its largest JPEG,
 * `/images/photos/<key>/<width>x<height>.jpg`: every other rendition's address follows from it, so pages build their
 * `srcset` without asking for more.
 */

/** What an upload may be: its bytes, and its pixels (a small file that decodes to a huge image is refused unopened). */
export const PHOTO_UPLOAD_LIMITS = { bytes: 10 * 1024 * 1024, pixels: 40_000_000 } as const;

/** At most this many photos per product. */
export const MAX_PHOTOS = 8;

/**
 * Rendition widths, in pixels: a phone's card (half of a 412 px screen at 1.75×: 360 px, so 480; at 2.625×: 640) to a
 * wide screen's product page at 2×. Each step spares a phone the next one's bytes (bench:catalogue-photos).
 */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;

/** The link previews' image, as Open Graph readers crop it. */
export const PHOTO_SHARE = { width: 1200, height: 630, file: 'share.jpg' } as const;

// Any origin before the path (a page may prefix the API's): the renditions are beside the image, wherever it is.
const PHOTO = /^(.*\/images\/photos\/[0-9a-f]{16})\/(\d+)x(\d+)\.jpg$/;

/** One format's candidates, widest last: `…/320x240.avif 320w,…`. */
export interface PictureSources {
  width: number;
  height: number;
  avif: string;
  webp: string;
  jpg: string;
  /** The smallest JPEG: what a browser without srcset shows. */
  fallback: string;
}

/**
 * A photo's renditions, from its image path; null for a drawing (an SVG is one file at any size). Written small: every
 * listing and product page carries it in its first-load JavaScript (decision 028's budget).
 */
export function pictureOf(image: string): PictureSources | null {
  const photo = PHOTO.exec(image);
  if (!photo) return null;
  const width = +photo[2]!;
  const height = +photo[3]!;
  const name = (x: number) => `${photo[1]}/${x}x${Math.round((height * x) / width)}`;
  const set = (extension: string) => [...PHOTO_WIDTHS.filter((x) => x < width), width].map((x) => `${name(x)}.${extension} ${x}w`).join();
  return { width, height, avif: set('avif'), webp: set('webp'), jpg: set('jpg'), fallback: `${name(Math.min(PHOTO_WIDTHS[0], width))}.jpg` };
}

/** The smallest rendition for a thumbnail (a cart line, a suggestion); a drawing as it is. */
export const thumbnailOf = (image: string): string => pictureOf(image)?.fallback ?? image;

/** The link preview's image of a photo, or null for a drawing. */
export function shareImageOf(image: string): string | null {
  const photo = PHOTO.exec(image);
  return photo ? `${photo[1]}/${PHOTO_SHARE.file}` : null;
}

/** The renditions a photo of this size has (what cart-service writes, and what pictureOf names). */
export function renditionSizes(width: number, height: number): Array<{ width: number; height: number }> {
  const widths = [...PHOTO_WIDTHS.filter((x) => x < width), width];
  return widths.map((x) => ({ width: x, height: Math.round((height * x) / width) }));
}
