import { PHOTO_WIDTHS, type PictureSources } from './photos';

/**
 * Product images without a photo are SVG drawings (cart-service, `/images/...`). cart-service serves raster renditions
 * beside each: a PNG for link previews (WhatsApp, Instagram, Facebook, X do not show SVG), and the pictures pages show
 * (decision 049: a browser draws an SVG image on the page's main thread, a raster one off it).
 */
export const IMAGE_RENDITION = { type: 'image/png', extension: '.png', width: 1200, height: 1200 } as const;

const SVG_PATH = /^(\/images\/[^?#]*)\.svg(\?[^#]*)?$/;

/** `/images/products/x.svg?v=abc` → `/images/products/x.png?v=abc`; any other image is already a raster: as it is. */
export function renditionPath(imagePath: string): string {
  const svg = SVG_PATH.exec(imagePath);
  return svg ? `${svg[1]}${IMAGE_RENDITION.extension}${svg[2] ?? ''}` : imagePath;
}

/** The SVG a rendition path is made from (`/images/x.png` → `/images/x.svg`), or null for any other path. */
export function renditionSource(path: string): string | null {
  const png = /^(\/images\/[^?#]*)\.png$/.exec(path);
  return png ? `${png[1]}.svg` : null;
}

/** The formats of the pictures pages show, a photo's (decision 044) and a drawing's, with their media types. */
export const RENDITION_FORMATS = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type RenditionFormat = keyof typeof RENDITION_FORMATS;

/**
 * A drawing's pictures (decision 049): the SVG drawn square at each of the photos' widths, in the photos' formats,
 * `/images/products/x.svg?v=abc` → `/images/products/x.320w.avif?v=abc …`, keeping the drawing's version. Null for
 * anything but a drawing. Catalogue file names have no dot, so `.320w.` names nothing but a rendition.
 */
export function drawingPictureOf(image: string): PictureSources | null {
  const svg = SVG_PATH.exec(image);
  if (!svg) return null;
  const name = (width: number, format: RenditionFormat) => `${svg[1]}.${width}w.${format}${svg[2] ?? ''}`;
  const set = (format: RenditionFormat) => PHOTO_WIDTHS.map((width) => `${name(width, format)} ${width}w`).join();
  const widest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  return { width: widest, height: widest, avif: set('avif'), webp: set('webp'), jpg: set('jpg'), fallback: name(PHOTO_WIDTHS[0], 'jpg') };
}

// A rendition in any of the formats above, at any width: drawingRenditionOf then refuses widths not made.
const DRAWING_RENDITION = new RegExp(`^(/images/[^?#]*)\\.(\\d+)w\\.(${Object.keys(RENDITION_FORMATS).join('|')})$`);

/** What a drawing's picture path asks for (`/images/x.320w.avif` → the SVG, 320, avif), or null for any other path. */
export function drawingRenditionOf(path: string): { svg: string; width: number; format: RenditionFormat } | null {
  const rendition = DRAWING_RENDITION.exec(path);
  if (!rendition) return null;
  const width = Number(rendition[2]);
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return null;
  return { svg: `${rendition[1]}.svg`, width, format: rendition[3] as RenditionFormat };
}
