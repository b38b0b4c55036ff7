/**
 * How a tool knows the shop's page is interactive, on both sides of that agreement: the shell writes these marks
 * (shell/src/app/shop-app.tsx, shell/server/render/page-html.ts), and the e2e journeys, the benches and a team's
 * release check wait on them (contracts' chromium.ts).
 */

/** The id of the inline JSON the shell's server writes after a page it rendered: a page without it was rendered by the browser alone. */
export const PAGE_SNAPSHOT_ID = 'shop-page';

/** `<html data-shop="ready">`: the root and every part on the page are committed (decision 022). */
export const READY_DATASET_KEY = 'shop';
export const READY_DATASET_VALUE = 'ready';
