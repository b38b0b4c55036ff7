import type { RemotesConfig } from '@shop/contracts/remotes';
import { STYLE_2_PATHS } from '@shop/contracts/routes';
import { PAGE_SNAPSHOT_ID } from '../../src/data/page-data';
import { SHOP_NAME } from '../../src/shop';
import { escapeHtml, jsonScript, pageHints, withHints } from '../page-hints';
import type { RenderedPage } from './worker-protocol';

/** The shell's built page (`dist/index.html`) and its first screen's stylesheets, from Rsbuild's asset manifest. */
export interface PageTemplate {
  html: string;
  shellStylesheets: string[];
}

/**
 * The page the browser gets when the server could not render it: the shell's HTML with the remotes' hints; the
 * browser renders everything, as before server rendering.
 */
export function browserRenderedPage(template: PageTemplate, config: RemotesConfig): string {
  return withHints(template.html, pageHints(config));
}

/**
 * A server-rendered page: the hints of the configuration it was rendered with, the title the browser would set, every
 * stylesheet of the first screen as a real `<link rel="stylesheet">` (no unstyled flash before the scripts), the
 * rendered tree in #root and the snapshot the browser hydrates with.
 */
export function serverRenderedPage(template: PageTemplate, config: RemotesConfig, pathname: string, page: RenderedPage): string {
  // React writes the resources it wants early (the first product images) before the tree: they belong in the head.
  const [, early = '', tree = page.html] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(page.html) ?? [];
  const styles = [...template.shellStylesheets, ...page.stylesheets].map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const snapshot = jsonScript(PAGE_SNAPSHOT_ID, page.snapshot);
  return withHints(template.html, pageHints(config) + styles + early)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${SHOP_NAME} ${pathname}`)}</title>`)
    .replace('<body>', STYLE_2_PATHS.has(pathname) ? '<body class="style-2">' : '<body>')
    .replace('<div id="root"></div>', () => `<div id="root">${tree}</div>${snapshot}`);
}
