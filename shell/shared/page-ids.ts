// What the shell's server writes into a page and its browser code reads back: one name for each, on both sides.

/** The JSON script element holding the remotes configuration a page was composed with. */
export const REMOTES_SCRIPT_ID = 'shop-remotes';

/** The id of the inline JSON the server writes after the rendered page (server/render/); tools wait on it too. */
export { PAGE_SNAPSHOT_ID } from '@shop/contracts/page-ready';

/**
 * Marks the server's <head> tags that describe the URL it answered (description, canonical, Open Graph, JSON-LD:
 * server/seo/): the browser removes them once it shows another page, so they never describe the wrong one.
 */
export const PAGE_META_ATTRIBUTE = 'data-page-meta';
