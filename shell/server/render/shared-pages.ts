import type { Context } from 'koa';
import { edgeTagList, edgeTags, EDGE_TAGS_HEADER, SHARED_PAGE_CACHE_CONTROL } from '@shop/contracts/edge-cache';
import type { ServerPage } from './renderer';
import { localeOf } from '../http/page-language';
import { OPENER_POLICY_HEADER } from '../http/security-headers';

/**
 * Whether a shared cache (the edge, decision 045) may keep this page for every shopper: a page the server rendered
 * whole (no part left to the browser, none failed), answered 200, for nobody in particular (not one shopper's, not a
 * preview's) and writing no cookie. Anything else is revalidated each time, or private.
 */
export function isShareable(page: ServerPage | null, status: number, forSomeone: boolean, setsCookie: boolean): page is ServerPage {
  return page !== null && status === 200 && !forSomeone && !setsCookie && page.failedRemotes.length === 0 && page.problems.length === 0;
}

/**
 * Marks the answer shareable, with the tags of what it shows: purging any of them drops it from every cache.
 * It goes without helmet's `Cross-Origin-Opener-Policy` (decision 048): a page that is the same public HTML for every
 * shopper has nothing a window of another site could learn through its handle, and the header makes the browser
 * commit the page in a renderer process of its own, whose start a phone pays on the shop's first page. Every page that
 * is someone's (their cart, their order, a form's answer, a preview) is never shared, and keeps it.
 */
export function shareAtTheEdge(ctx: Context, page: ServerPage): void {
  ctx.remove(OPENER_POLICY_HEADER);
  ctx.set('Cache-Control', SHARED_PAGE_CACHE_CONTROL);
  ctx.set(EDGE_TAGS_HEADER, edgeTagList(pageTags(new URL(ctx.originalUrl, 'http://shop').pathname, localeOf(ctx), page)).join(' '));
}

/**
 * A page's tags: itself, its language, the release of each remote that rendered it, and every product it shows (a
 * listing's cards, a product with its related products). A page with a listing also carries `listings`: a new or
 * archived product moves every listing's cards.
 */
export function pageTags(path: string, locale: string, page: Pick<ServerPage, 'catalogue' | 'config'>): string[] {
  const { listings = [], product, relatedIds = [] } = page.catalogue;
  const products = [...listings.flatMap((listing) => listing.page.products.map((card) => card.id)), ...(product ? [product.id] : []), ...relatedIds];
  return [
    edgeTags.all(),
    edgeTags.page(path),
    edgeTags.language(locale),
    ...page.config.remotes.map((remote) => edgeTags.release(remote.name, remote.entry)),
    ...(listings.length > 0 ? [edgeTags.listings()] : []),
    ...products.map(edgeTags.product),
  ];
}
