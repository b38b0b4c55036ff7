import type { Middleware } from 'koa';
import serve from 'koa-static';
import { ApiError, messages } from './api-error';

/** How long an image (and its PNG rendition) may be kept: a year, `immutable` (its URL changes with the file). */
export const IMAGE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * GET/HEAD /images/... from `<publicDir>/images`, cached for a year as `immutable`: the catalogue hands out image
 * paths with a `?v=<content hash>` suffix, so a replaced file gets a new URL. SVGs are sent with a CSP that forbids
 * scripts, in case one is ever opened directly.
 */
export function staticImages(publicDir: string): Middleware {
  const files = serve(publicDir, {
    maxage: IMAGE_MAX_AGE_MS,
    immutable: true,
    index: false,
    hidden: false,
    gzip: false,
    brotli: false,
    setHeaders: (res) => {
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    },
  });
  const serveImage: Middleware = async (ctx, next) => {
    try {
      await files(ctx, next);
    } catch (error) {
      // koa-send refuses malformed or escaping paths (400, 403): to a client that is just a missing image.
      const status = (error as { status?: unknown }).status;
      if (status === 400 || status === 403) throw new ApiError(404, 'not_found', messages.notFound);
      throw error;
    }
  };
  return (ctx, next) => (ctx.path.startsWith('/images/') ? serveImage(ctx, next) : next());
}
