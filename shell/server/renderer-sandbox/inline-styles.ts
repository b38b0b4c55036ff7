/** A first-screen stylesheet of the page: its URL and, when it can go into the page as it is, its text. */
export interface Stylesheet {
  href: string;
  css: string | null;
  /** A remote's stylesheet's recorded digest (decision 032), so a link to it is loaded with Subresource Integrity. */
  integrity?: string;
}

/** Above this, a stylesheet stays a link: the page would carry more than the first screen needs. */
export const MAX_INLINE_CSS_BYTES = 16 * 1024;

/**
 * The stylesheet's text if it keeps its meaning inside the page: no relative `url(…)` or `@import` (they would resolve
 * against the page, not the stylesheet), nothing that could close the <style> element, small enough. Else null.
 */
export function inlineableCss(css: string): string | null {
  if (Buffer.byteLength(css) > MAX_INLINE_CSS_BYTES) return null;
  if (/<\/style|url\(|@import/i.test(css)) return null;
  // Its own source-map comment would point the browser's tools at the page's URL.
  return css.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').trimEnd();
}
