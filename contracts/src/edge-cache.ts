/**
 * The shop's pages at the edge (decision 045): what the shell, the shared caches in front of it (Varnish in the fleet,
 * a CDN beyond it) and the servers that purge them agree on. The cache rule of a shareable page, the tags it carries,
 * how a purge names them, and the canary arm a cached page belongs to.
 */
import { releaseVersionOf } from './operations';
import type { RemoteName } from './remotes';

/**
 * How long a shared cache serves a page that is the same for every shopper:
 * - `sMaxAge`: fresh; purges by tag make changes visible before it ends, so it only bounds how stale a page can be
 *   when every purge failed;
 * - `staleWhileRevalidate`: served while one request fetches it again in the background;
 * - `staleIfError`: served while the shells cannot answer (both down): the grace an outage gets.
 * Browsers keep nothing (`max-age=0`): a shopper's reload always asks the edge.
 */
export const SHARED_PAGE_SECONDS = { sMaxAge: 300, staleWhileRevalidate: 30, staleIfError: 900 } as const;

/** The `Cache-Control` of a page a shared cache may keep. */
export const SHARED_PAGE_CACHE_CONTROL =
  `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS.sMaxAge}, ` +
  `stale-while-revalidate=${SHARED_PAGE_SECONDS.staleWhileRevalidate}, stale-if-error=${SHARED_PAGE_SECONDS.staleIfError}`;

/**
 * The response header holding a page's tags, space-separated: the one Varnish's `xkey` vmod reads. CDNs read the same
 * list under another name (Fastly `Surrogate-Key`, Cloudflare `Cache-Tag`, comma-separated): the edge in front of the
 * shop copies it. The edge removes it before the answer leaves for a browser.
 */
export const EDGE_TAGS_HEADER = 'xkey';

/** A purge: `PURGE /` to a cache with the tags to drop, space-separated, in this header (deploy/varnish/shop.vcl). */
export const EDGE_PURGE_METHOD = 'PURGE';
export const EDGE_PURGE_TAGS_HEADER = 'xkey-purge';

/** A tag is one token of the header: no space, comma or control character, and short. */
export const EDGE_TAG = /^[A-Za-z0-9_.:/@%-]{1,200}$/;

/** The tags a page carries: what it shows. Each purge names the same ones. */
export const edgeTags = {
  /** The page itself, by its path as shoppers ask for it (`/ar/shop/face`). */
  page: (path: string) => `page:${encodeURI(path).replace(/[^A-Za-z0-9_.:/@%-]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
  /** A product shown on it (its page, a card of a listing, a related product). */
  product: (id: string) => `product:${id}`,
  /** Every page shows the catalogue's listings: a change that moves products between pages purges them all. */
  listings: () => 'listings',
  /** The release of a remote that rendered part of it, from its manifest's URL (`release:mf_cart@1.0.1`). */
  release: (remote: RemoteName, entry: string) => `release:${remote}@${releaseVersionOf(entry)}`,
  /** The page's language (`lang:ar-MA`). */
  language: (locale: string) => `lang:${locale}`,
  /** Every page the shop's server rendered: what a purge of everything names. */
  all: () => 'shop',
} as const;

/**
 * The cookie holding the canary arm a browser is served (`armOf` in progressive-delivery.ts), which the edge keys a
 * cached page on beside its URL. The shell writes it beside the bucket cookie whenever it differs from the arm it
 * served (and clears it when no canary runs); an answer that sets a cookie is never stored, so a page cached under an
 * arm was always rendered for a browser of that arm. Any other value is keyed as no arm.
 */
export const ARM_COOKIE = 'shop_arm';
export const ARM_VALUE = /^[0-9a-f]{8}-[lc]$/;

/** Tags as a page's header or a purge names them: each once, in order, those that cannot be a tag (EDGE_TAG) left out. */
export function edgeTagList(tags: readonly string[]): string[] {
  return [...new Set(tags.filter((tag) => EDGE_TAG.test(tag)))];
}
