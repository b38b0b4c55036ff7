/**
 * Product images are SVG (cart-service, `/images/...`), which link previews (WhatsApp, Instagram, Facebook, X) do not
 * show. cart-service serves a PNG rendition beside each SVG, at the same path with `.png`, always this size (the SVG
 * fitted inside, on white); the shell's server names it in a product page's `og:image` with these dimensions.
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
