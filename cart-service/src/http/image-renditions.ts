import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Middleware } from 'koa';
import sharp from 'sharp';
import { IMAGE_RENDITION, renditionSource } from '@shop/contracts/images';
import { ApiError, messages } from './api-error';
import { IMAGE_MAX_AGE_MS } from './static-images';

/**
 * GET/HEAD `/images/....png` for an SVG image: its PNG rendition (contracts' IMAGE_RENDITION: 1200 × 1200, the SVG
 * fitted inside on white), for link previews, which do not show SVG. Made on the first request with sharp (libvips,
 * librsvg for SVG) and kept in memory: one per SVG file under `<publicDir>/images`, so the cache is as bounded as the
 * image folder. Requests for a rendition being made share it. Cached by browsers and proxies like the SVG: the
 * catalogue's `?v=<hash of the SVG>` changes with the file. A path with no SVG behind it is passed on (404).
 */
export function imageRenditions(publicDir: string): Middleware {
  const root = resolve(publicDir);
  const renditions = new Map<string, Promise<Buffer | null>>();

  const render = async (svgPath: string): Promise<Buffer | null> => {
    const file = resolve(root, `.${svgPath}`);
    if (!file.startsWith(root + sep)) return null;
    let svg: Buffer;
    try {
      svg = await readFile(file);
    } catch {
      return null;
    }
    // librsvg rasterises at 72 dpi by default: 144 renders the 600-unit SVGs at 1200 px directly, not upscaled.
    return sharp(svg, { density: 144 })
      .resize(IMAGE_RENDITION.width, IMAGE_RENDITION.height, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  };

  return async (ctx, next) => {
    const svgPath = renditionSource(ctx.path);
    if (svgPath === null || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let rendition = renditions.get(svgPath);
    if (!rendition) {
      rendition = render(svgPath);
      renditions.set(svgPath, rendition);
      // A file that is missing or unreadable now may appear later: only renditions that were made stay.
      rendition.then(
        (png) => png ?? renditions.delete(svgPath),
        () => renditions.delete(svgPath),
      );
    }
    let png: Buffer | null;
    try {
      png = await rendition;
    } catch {
      // An SVG librsvg cannot read is a missing image to a client, not a server fault.
      throw new ApiError(404, 'not_found', messages.notFound);
    }
    if (png === null) return next();
    ctx.type = IMAGE_RENDITION.type;
    ctx.set('Cache-Control', `max-age=${IMAGE_MAX_AGE_MS / 1000},immutable`);
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.body = png;
  };
}
