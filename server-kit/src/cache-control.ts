import type { ServerResponse } from 'node:http';
import { relative, resolve } from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A content-hashed file (Rsbuild writes them under `static/`): it never changes, so browsers keep it a year. */
export const IMMUTABLE = `public, max-age=${ONE_YEAR_S}, immutable`;
/** Anything else (a manifest, a page): browsers must ask again each time, and get a 304 when it has not changed. */
export const REVALIDATE = 'no-cache';

/**
 * The cache rule for a built file, from its path inside the served folder (`static/js/index.1a2b.js`,
 * `1.0.0/static/js/…`): hashed `static/` assets immutable, the rest revalidated.
 */
export function cacheControlFor(pathInBuild: string): string {
  return /(?:^|[/\\])static[/\\]/.test(pathInBuild) ? IMMUTABLE : REVALIDATE;
}

/**
 * A front-end build served from `root` with the cache rule above (the shell's `dist/`, a remote's release folders).
 * `index`: the file answering a folder's URL, or false for none.
 */
export function builtFiles(root: string, options: { index: string | false }): Middleware {
  const base = resolve(root);
  return serve(base, {
    index: options.index,
    setHeaders(res: ServerResponse, path: string) {
      // Relative to the served folder, so a folder above it named `static` does not make everything immutable.
      res.setHeader('Cache-Control', cacheControlFor(relative(base, path)));
    },
  });
}
