/**
 * The Content-Type a release file is published with, by its extension: the few kinds a remote's build writes (scripts,
 * styles, manifests and stats, source maps, license notes, fonts, images, the harness's page). A small table rather
 * than a library (mime-types knows 1,000 extensions this build never writes); an unknown extension is
 * `application/octet-stream`, which browsers neither run nor render.
 */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  wasm: 'application/wasm',
};

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** `static/js/mf_cart.1a2b.js` → `text/javascript; charset=utf-8`. */
export function contentTypeOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && TYPES[name.slice(dot + 1).toLowerCase()]) || FALLBACK_CONTENT_TYPE;
}
