import { PAGE_META_ATTRIBUTE } from '../../shared/page-ids';
import { escapeHtml } from '@shop/server-kit/escape-html';
import type { PageMetadata } from './page-metadata';

/** JSON in a script element: `<` escaped so the data can never close the element. Not run (a data block), CSP-neutral. */
const jsonLd = (data: unknown) => `<script type="application/ld+json" ${PAGE_META_ATTRIBUTE}>${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The page's metadata as `<head>` tags. */
export function metadataTags(meta: PageMetadata): string {
  const a = PAGE_META_ATTRIBUTE;
  const tags = [`<meta name="description" content="${escapeHtml(meta.description)}" ${a}>`];
  if (meta.noindex) tags.push(`<meta name="robots" content="noindex, follow" ${a}>`);
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}" ${a}>`);
  if (meta.next) tags.push(`<link rel="next" href="${escapeHtml(meta.next)}" ${a}>`);
  for (const { hreflang, href } of meta.alternates) {
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" ${a}>`);
  }
  for (const [key, content] of meta.openGraph) {
    // Open Graph uses `property`, Twitter cards `name` (each reader looks for its own).
    const attribute = key.startsWith('twitter:') ? 'name' : 'property';
    tags.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" ${a}>`);
  }
  for (const data of meta.structuredData) tags.push(jsonLd(data));
  return tags.join('');
}
