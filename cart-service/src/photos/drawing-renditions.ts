import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Middleware } from 'koa';
import sharp from 'sharp';
import { IMAGE_RENDITION, RENDITION_FORMATS, drawingRenditionOf, renditionSource } from '@shop/contracts/images';
import { RENDITION_ENCODERS } from './photo-pipeline';
import { ApiError, messages } from '../http/api-error';
import { IMAGE_MAX_AGE_MS } from '../http/static-images';

/** What a rendition path asks for: the SVG it is drawn from, its media type, and how it is drawn. */
interface Recipe {
  svg: string;
  type: string;
  draw: (svg: Buffer) => Promise<Buffer>;
}

// The drawings are 600 units square, and librsvg rasterises at 72 dpi by default: a density of 72 × width / 600 draws
// them at the width asked for, not drawn small and scaled up.
const DRAWING_UNITS = 600;

/** The SVG drawn at `width` × `height`, fitted inside on white: what every rendition is encoded from. */
const drawnOnWhite = (svg: Buffer, width: number, height: number) =>
  sharp(svg, { density: (72 * width) / DRAWING_UNITS })
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' });

function recipeFor(path: string): Recipe | null {
  const previewSvg = renditionSource(path);
  if (previewSvg !== null) {
    // Link previews: contracts' IMAGE_RENDITION.
    const { width, height, type } = IMAGE_RENDITION;
    return {
      svg: previewSvg,
      type,
      draw: (svg) => drawnOnWhite(svg, width, height).png({ compressionLevel: 9 }).toBuffer(),
    };
  }
  const picture = drawingRenditionOf(path);
  if (picture === null) return null;
  // A page's picture (decision 049): square at one of the photos' widths, encoded as a photo's are.
  const { width, format } = picture;
  return {
    svg: picture.svg,
    type: RENDITION_FORMATS[format],
    draw: (svg) => RENDITION_ENCODERS[format](drawnOnWhite(svg, width, width)).toBuffer(),
  };
}

/**
 * GET/HEAD of a raster rendition of an SVG image under `<publicDir>/images` (contracts' images.ts): `x.png`, the link
 * previews' 1200 × 1200 PNG; `x.<width>w.<avif|webp|jpg>`, the pictures pages show in place of the drawing. Made on
 * the first request with sharp (libvips, librsvg for SVG) and kept in memory: a few per SVG file, at the photos' widths
 * only, so the cache is as bounded as the image folder. Requests for a rendition being made share it. Cached by
 * browsers and proxies like the SVG: the catalogue's `?v=<hash of the SVG>` changes with the file. A path with no SVG
 * behind it is passed on (404).
 */
export function drawingRenditions(publicDir: string): Middleware {
  const root = resolve(publicDir);
  const renditions = new Map<string, Promise<Buffer | null>>();

  const render = async (recipe: Recipe): Promise<Buffer | null> => {
    const file = resolve(root, `.${recipe.svg}`);
    if (!file.startsWith(root + sep)) return null;
    let svg: Buffer;
    try {
      svg = await readFile(file);
    } catch {
      return null;
    }
    return recipe.draw(svg);
  };

  return async (ctx, next) => {
    const recipe = ctx.method === 'GET' || ctx.method === 'HEAD' ? recipeFor(ctx.path) : null;
    if (recipe === null) return next();
    let rendition = renditions.get(ctx.path);
    if (!rendition) {
      rendition = render(recipe);
      renditions.set(ctx.path, rendition);
      // A file that is missing or unreadable now may appear later: only renditions that were made stay.
      rendition.then(
        (bytes) => bytes ?? renditions.delete(ctx.path),
        () => renditions.delete(ctx.path),
      );
    }
    let bytes: Buffer | null;
    try {
      bytes = await rendition;
    } catch {
      // An SVG librsvg cannot read is a missing image to a client, not a server fault.
      throw new ApiError(404, 'not_found', messages.notFound);
    }
    if (bytes === null) return next();
    ctx.type = recipe.type;
    ctx.set('Cache-Control', `max-age=${IMAGE_MAX_AGE_MS / 1000},immutable`);
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.body = bytes;
  };
}
